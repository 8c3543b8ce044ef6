// engine/file_uri.h: the file a document's URI names, and whether it leaves the document's folder.
#include "engine/file_uri.h"

#include <gtest/gtest.h>

namespace px {
namespace {

TEST(FileUri, RelativePathsResolveInsideTheFolder) {
  ResolvedUri r = resolve_file_uri("maps/wood%20grain.png", "doc", false);
  EXPECT_EQ(r.kind, UriFile::kFile);
  EXPECT_EQ(r.path, std::filesystem::path("doc/maps/wood grain.png"));
  EXPECT_EQ(resolve_file_uri("maps\\a.png", "doc", false).path, "doc/maps/a.png");
  EXPECT_EQ(resolve_file_uri("../doc/a.png", "doc", false).path, "doc/a.png");
  EXPECT_EQ(resolve_file_uri("a.png", ".", false).path, "a.png");
}

TEST(FileUri, LeavingTheFolderNeedsExternalFilesAllowed) {
  for (const char* uri : {"../a.png", "maps/../../a.png", "/etc/passwd", "C:/a.png",
                          "file:///etc/passwd", ".", "maps/.."}) {
    EXPECT_EQ(resolve_file_uri(uri, "doc", false).kind, UriFile::kOutside) << uri;
  }
  EXPECT_EQ(resolve_file_uri("../a.png", ".", false).kind, UriFile::kOutside);
  ResolvedUri allowed = resolve_file_uri("../a.png", "doc", true);
  EXPECT_EQ(allowed.kind, UriFile::kFile);
  EXPECT_EQ(allowed.path, std::filesystem::path("a.png"));
  EXPECT_EQ(resolve_file_uri("file:///tmp/a.png", "doc", true).path, "/tmp/a.png");
}

TEST(FileUri, OtherSchemesAndFolderlessDocumentsNameNoFile) {
  EXPECT_EQ(resolve_file_uri("http://example.com/a.png", "doc", true).kind, UriFile::kNotAFile);
  EXPECT_EQ(resolve_file_uri("", "doc", false).kind, UriFile::kNotAFile);
  EXPECT_EQ(resolve_file_uri("a.png", "", false).kind, UriFile::kNoFolder);
}

}  // namespace
}  // namespace px
