// engine/file_uri.h: the file a document's URI names, whether it leaves the document's folder, and
// which URIs a writer may copy into its output (Issue 13).
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

TEST(ClassifyUri, DataUrisInAnyCase) {
  for (const char* uri : {"data:image/png;base64,iVBORw0KGgo=", "DATA:,x", " data:,x"}) {
    EXPECT_EQ(classify_uri(uri), UriKind::kData) << uri;
  }
}

TEST(ClassifyUri, RelativeReferencesStayingInTheFolder) {
  for (const char* uri :
       {"a.png", "maps/a.png", "./maps/a.png", "a/../b.png", "maps\\a.png", "a%20b.png",
        "maps/x/../../a.png", "a.png?v=2", "a.png#frag", "./tex:1.png", "a/.../b.png",
        "maps//a.png", "a/b/../"}) {
    EXPECT_EQ(classify_uri(uri), UriKind::kInside) << uri;
  }
}

TEST(ClassifyUri, RemoteOnlyForHttpAndHttps) {
  for (const char* uri : {"http://example.com/a.png", "https://example.com/a.png",
                          "HTTPS://EXAMPLE.COM/A.PNG", "\thttp://example.com/a.png"}) {
    EXPECT_EQ(classify_uri(uri), UriKind::kRemote) << uri;
  }
}

TEST(ClassifyUri, EverythingElseIsOther) {
  for (const char* uri : {
           "file:///etc/passwd", "FILE:///x", "file:a.png",        // file:, any case
           "javascript:alert(1)", "java\tscript:alert(1)",        // a tab a browser drops
           " javascript:alert(1)", "vbscript:x", "ftp://h/a.png",  // other schemes
           "/etc/passwd", "//host/x", "\\\\host\\share\\x",     // absolute, network paths
           "C:\\x", "C:/x", "c:x", "C%3A/x",                          // Windows drives
           "../x", "../../x", "a/../../b", "maps\\..\\..\\x",     // leaving the folder
           "%2e%2e/x", "%2E%2E%2Fx", "a%2F..%2F..%2Fb", "%2F%2Fhost/x",  // the same, escaped
           "%252e%252e/x", "%25252F%25252Fhost",                       //   once or more
           "../here/a.png",                                            // out, then back in
           ".. /x", "... /x", "javascript%3Aalert(1)",                 // what Windows or a
           "a.png%00/../../x",                                         //   decoder reads so
           "", " ", ".", "./", "a/..", "?x", "#x"}) {                  // the document itself
    EXPECT_EQ(classify_uri(uri), UriKind::kOther) << uri;
  }
}

TEST(ClassifyUri, EscapedDeeperThanEightLayersIsOther) {
  // Each decode peels one layer of "%25": eight are followed to "a.png", a ninth is not trusted;
  // so a long chain of layers (which decoding to the end took time quadratic in) is cut short.
  auto layered = [](int layers) {
    std::string uri = "%";
    for (int i = 1; i < layers; ++i) uri += "25";
    return uri + "61.png";  // "%61" is "a"
  };
  EXPECT_EQ(classify_uri(layered(8)), UriKind::kInside);
  EXPECT_EQ(classify_uri(layered(9)), UriKind::kOther);
  EXPECT_EQ(classify_uri(layered(1 << 20)), UriKind::kOther);
}

TEST(ClassifyUri, PolicyKeepsDataAndInsideAlwaysTheRestOnlyWhenAllowed) {
  const UriPolicy strict;
  const UriPolicy remote{.allow_remote = true};
  const UriPolicy external{.allow_external = true};
  for (const UriPolicy& p : {strict, remote, external}) {
    EXPECT_TRUE(may_write_uri("data:,x", p));
    EXPECT_TRUE(may_write_uri("maps/a.png", p));
  }
  EXPECT_FALSE(may_write_uri("https://example.com/a.png", strict));
  EXPECT_TRUE(may_write_uri("https://example.com/a.png", remote));
  EXPECT_FALSE(may_write_uri("https://example.com/a.png", external));
  EXPECT_FALSE(may_write_uri("file:///etc/passwd", strict));
  EXPECT_FALSE(may_write_uri("file:///etc/passwd", remote));
  EXPECT_TRUE(may_write_uri("file:///etc/passwd", external));
  EXPECT_TRUE(may_write_uri("../../x", external));

  WriteOptions options;
  EXPECT_FALSE(uri_policy(options).allow_remote);
  EXPECT_FALSE(uri_policy(options).allow_external);
  options.allow_remote_uris = true;
  options.allow_external_files = true;
  EXPECT_TRUE(uri_policy(options).allow_remote);
  EXPECT_TRUE(uri_policy(options).allow_external);
}

}  // namespace
}  // namespace px
