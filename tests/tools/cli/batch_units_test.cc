// The modules under batch and the other many-file commands: the flag parser, asset discovery,
// shard choice, the plan (outputs, collisions, resume), the report, progress (the worker pool:
// worker_pool_test.cc).
#include <gtest/gtest.h>
#include <signal.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cstdio>
#include <filesystem>
#include <fstream>
#include <functional>
#include <map>
#include <string>
#include <string_view>
#include <vector>

#include "engine/errors.h"
#include "tools/cli/asset_list.h"
#include "tools/cli/asset_worker.h"
#include "tools/cli/batch_plan.h"
#include "tools/cli/batch_progress.h"
#include "tools/cli/batch_report.h"
#include "tools/cli/command_line.h"
#include "tools/cli/shard.h"

namespace px::cli {
namespace {
namespace fs = std::filesystem;

class TempTree : public ::testing::Test {
 protected:
  void SetUp() override {
    root_ = fs::temp_directory_path() /
            ("px_cli_units_" + std::to_string(::getpid()) + "_" +
             ::testing::UnitTest::GetInstance()->current_test_info()->name());
    fs::remove_all(root_);
    fs::create_directories(root_);
  }
  void TearDown() override { fs::remove_all(root_); }
  void put(const std::string& relative, const std::string& bytes = "x") {
    fs::create_directories((root_ / relative).parent_path());
    std::ofstream(root_ / relative, std::ios::binary) << bytes;
  }
  fs::path root_;
};

std::vector<std::string> relatives(const std::vector<Asset>& assets) {
  std::vector<std::string> out;
  for (const Asset& a : assets) out.push_back(a.relative);
  return out;
}

TEST(CommandLine, SwitchesOptionsRepeatsAndPositionals) {
  const char* argv[] = {"polyxios", "batch",    "src", "--quiet", "-j4", "--to=dae",    "--ignore",
                        "a.b",      "--ignore", "c.*", "-",       "--",  "--not-a-flag"};
  CommandLine args(13, const_cast<char**>(argv), 2, {{"--quiet"}, {"-j", "--to", "--ignore"}});
  EXPECT_EQ(args.error(), "");
  EXPECT_EQ(args.positional(), (std::vector<std::string>{"src", "-", "--not-a-flag"}));
  EXPECT_TRUE(args.has("--quiet"));
  EXPECT_EQ(args.value("-j"), "4");
  EXPECT_EQ(args.value("--to"), "dae");
  EXPECT_EQ(args.values("--ignore"), (std::vector<std::string>{"a.b", "c.*"}));
  EXPECT_EQ(args.value("--report", "none"), "none");
}

// Issue 36 §2: --to is --format under another name; a misspelt flag names the nearest.
TEST(CommandLine, AnAliasIsTheSameFlagAndAnUnknownOneNamesTheNearest) {
  FlagSpec spec{{"--quiet", "-v"}, {"--format", "--compress", "-o"}};
  spec.aliases.emplace("--to", "--format");
  spec.aliases.emplace("--verbose", "-v");
  const char* argv[] = {"polyxios", "batch", "--to", "dae", "--verbose", "-oout", "--format=gltf"};
  CommandLine args(7, const_cast<char**>(argv), 2, spec);
  EXPECT_EQ(args.error(), "");
  EXPECT_EQ(args.values("--format"), (std::vector<std::string>{"dae", "gltf"}));
  EXPECT_TRUE(args.has("-v"));
  EXPECT_EQ(args.value("-o"), "out");
  EXPECT_TRUE(spec.takes("--to"));
  EXPECT_FALSE(spec.takes("--json"));
  const char* typo[] = {"polyxios", "convert", "--compres", "draco"};
  EXPECT_EQ(CommandLine(4, const_cast<char**>(typo), 2, spec).error(),
            "unknown option --compres; did you mean --compress?");
  const char* far[] = {"polyxios", "convert", "--bogus"};
  EXPECT_EQ(CommandLine(3, const_cast<char**>(far), 2, spec).error(), "unknown option --bogus");
  const char* alias_typo[] = {"polyxios", "convert", "--verbse"};
  EXPECT_EQ(CommandLine(3, const_cast<char**>(alias_typo), 2, spec).error(),
            "unknown option --verbse; did you mean --verbose?");
}

TEST(CommandLine, UnknownFlagsAndMissingValuesAreErrors) {
  const char* unknown[] = {"polyxios", "batch", "--bogus"};
  EXPECT_EQ(CommandLine(3, const_cast<char**>(unknown), 2, {{}, {}}).error(),
            "unknown option --bogus");
  const char* missing[] = {"polyxios", "batch", "--to"};
  EXPECT_EQ(CommandLine(3, const_cast<char**>(missing), 2, {{}, {"--to"}}).error(),
            "--to needs a value");
  const char* switch_value[] = {"polyxios", "batch", "--quiet=yes"};
  EXPECT_NE(CommandLine(3, const_cast<char**>(switch_value), 2, {{"--quiet"}, {}}).error(), "");
  EXPECT_GE(default_workers(), 1);
  long n = 0;
  EXPECT_TRUE(parse_count("16", 1, 1024, &n));
  EXPECT_EQ(n, 16);
  EXPECT_FALSE(parse_count("0", 1, 1024, &n));
  EXPECT_FALSE(parse_count("4x", 1, 1024, &n));
  EXPECT_FALSE(parse_count("", 1, 1024, &n));
}

TEST_F(TempTree, FindsAssetsOfEveryExtensionInAnyCaseSorted) {
  for (const char* name : {"b/z.glb", "a.DAE", "b/y.Dae.GZ", "c.gltf", "notes.txt", "b/.dae",
                           "d.dae.bak", "b/x.bin", "e.Zae", "b/.zae"}) {
    put(name);
  }
  int64_t left_out = -1;
  absl::StatusOr<std::vector<Asset>> found = assets_under(root_, false, &left_out);
  ASSERT_TRUE(found.ok()) << found.status();
  EXPECT_EQ(relatives(*found),
            (std::vector<std::string>{"a.DAE", "b/y.Dae.GZ", "b/z.glb", "c.gltf", "e.Zae"}));
  EXPECT_EQ(left_out, 0);
  EXPECT_FALSE(assets_under(root_ / "absent", false, &left_out).ok());
  EXPECT_FALSE(is_asset_name(".glb"));
  EXPECT_TRUE(is_asset_name("robot.GLB"));
}

TEST_F(TempTree, FindAssetsKeepsTheOrderGivenAndTakesNamedFilesWhateverTheirName) {
  put("f/one.dae");
  put("f/two.glb");
  put("named.txt");
  int64_t left_out = 0;
  absl::StatusOr<std::vector<Asset>> found =
      find_assets({(root_ / "named.txt").string(), (root_ / "f").string()}, false, &left_out);
  ASSERT_TRUE(found.ok());
  ASSERT_EQ(found->size(), 3u);
  EXPECT_EQ(found->at(0).path, root_ / "named.txt");
  EXPECT_EQ(found->at(1).relative, (root_ / "f" / "one.dae").generic_string());
  absl::StatusOr<std::vector<Asset>> missing =
      find_assets({(root_ / "nope").string()}, false, &left_out);
  ASSERT_FALSE(missing.ok());
  EXPECT_TRUE(absl::IsUnavailable(missing.status()));
}

TEST_F(TempTree, ManifestsTakeRelativeAbsoluteAndWorkingFolderPathsAndRefuseEscapes) {
  put("a.dae");
  put("sub/b.glb");
  std::string manifest =
      "# comment\n\na.dae\r\n  sub/b.glb  \n" + (root_ / "a.dae").string() + "\n./sub/../a.dae\n";
  absl::StatusOr<std::vector<Asset>> listed = assets_listed(root_, manifest, false);
  ASSERT_TRUE(listed.ok()) << listed.status();
  EXPECT_EQ(relatives(*listed), (std::vector<std::string>{"a.dae", "sub/b.glb"}));
  for (const char* escape : {"../x.dae", "/etc/passwd", ".", "sub/../../x.dae"}) {
    absl::StatusOr<std::vector<Asset>> bad = assets_listed(root_, escape, false);
    ASSERT_FALSE(bad.ok()) << escape;
    EXPECT_TRUE(absl::IsInvalidArgument(bad.status()));
  }
}

// Issue 34, defect 2: a symlink found under SRC is an asset where it leads beneath SRC; one
// leading out of it only with --allow-external-files (a manifest naming it is refused), and a
// symlinked folder is not searched. A file named on the command line is taken wherever it leads.
TEST_F(TempTree, SymlinksLeadingOutOfTheRootAreNotTakenUnlessAllowed) {
  put("src/a.dae");
  put("outside/secret.dae");
  fs::create_symlink("a.dae", root_ / "src/inside-link.dae");
  fs::create_symlink(root_ / "outside/secret.dae", root_ / "src/out-link.dae");
  fs::create_symlink("../outside/secret.dae", root_ / "src/relative-out.dae");
  fs::create_directory_symlink(root_ / "outside", root_ / "src/out-folder");
  int64_t left_out = -1;
  absl::StatusOr<std::vector<Asset>> found = assets_under(root_ / "src", false, &left_out);
  ASSERT_TRUE(found.ok()) << found.status();
  EXPECT_EQ(relatives(*found), (std::vector<std::string>{"a.dae", "inside-link.dae"}));
  // The two asset symlinks leading out are counted; the folder symlink is no asset.
  EXPECT_EQ(left_out, 2);
  EXPECT_EQ(symlinks_left_out_line("batch", left_out, "SRC"),
            "polyxios: batch: 2 symlinks leading outside SRC left out (--allow-external-files "
            "takes them)\n");
  EXPECT_EQ(symlinks_left_out_line("batch", 0, "SRC"), "");
  absl::StatusOr<std::vector<Asset>> allowed = assets_under(root_ / "src", true, &left_out);
  ASSERT_TRUE(allowed.ok());
  EXPECT_EQ(relatives(*allowed), (std::vector<std::string>{"a.dae", "inside-link.dae",
                                                           "out-link.dae", "relative-out.dae"}));
  EXPECT_EQ(left_out, 0);
  absl::StatusOr<std::vector<Asset>> searched =
      find_assets({(root_ / "src").string()}, false, &left_out);
  ASSERT_TRUE(searched.ok());
  EXPECT_EQ(searched->size(), 2u);
  EXPECT_EQ(left_out, 2);
  absl::StatusOr<std::vector<Asset>> named =
      find_assets({(root_ / "src/out-link.dae").string()}, false, &left_out);
  ASSERT_TRUE(named.ok());
  EXPECT_EQ(named->size(), 1u);
  EXPECT_EQ(left_out, 0);
  absl::StatusOr<std::vector<Asset>> listed = assets_listed(root_ / "src", "out-link.dae\n", false);
  ASSERT_FALSE(listed.ok());
  EXPECT_NE(listed.status().message().find("batch.manifest.outside-source"), std::string::npos);
  EXPECT_TRUE(assets_listed(root_ / "src", "out-link.dae\ninside-link.dae\n", true).ok());
  EXPECT_TRUE(assets_listed(root_ / "src", "inside-link.dae\n", false).ok());
}

TEST(AssetList, OutputNamesReplaceTheWholeAssetExtension) {
  EXPECT_EQ(with_extension("a/b.dae.gz", ".glb"), "a/b.glb");
  EXPECT_EQ(with_extension("a.b/c.DAE", ".gltf"), "a.b/c.gltf");
  EXPECT_EQ(with_extension("x.glb", ".dae"), "x.dae");
  EXPECT_EQ(with_extension("x/y.ZAE", ".glb"), "x/y.glb");
}

TEST(Shard, TheHashIsFnv1aMixedAndSlicesCoverEveryPathOnce) {
  // Pinned: a shard must not move between machines or releases.
  EXPECT_EQ(stable_hash(""), 0xf52a15e9a9b5e89bull);
  EXPECT_EQ(stable_hash("a"), 0x02c0bdbf481420f8ull);
  EXPECT_EQ(stable_hash("models/robot.dae"), 0xbcad430d596bfe3bull);
  for (int i = 0; i < 1000; ++i) {
    std::string path = "models/" + std::to_string(i) + ".dae";
    int owners = 0;
    for (int64_t k = 0; k < 4; ++k) owners += in_shard(path, Shard{k, 4, ""}) ? 1 : 0;
    EXPECT_EQ(owners, 1) << path;
  }
}

// Paths whose letters share their low bits (a e i m q u y): FNV-1a alone put all 2,401 in one
// shard of 2, 4, 6 or 8.
TEST(Shard, ShardsOfAGeneratedListHoldAboutEqualCounts) {
  constexpr std::string_view kLetters = "aeimquy";
  std::vector<std::string> paths;
  for (char a : kLetters)
    for (char b : kLetters)
      for (char c : kLetters)
        for (char d : kLetters) paths.push_back(std::string("models/") + a + b + c + d + ".dae");
  for (int64_t count = 2; count <= 8; ++count) {
    std::map<int64_t, double> per_shard;
    for (const std::string& path : paths) {
      for (int64_t k = 0; k < count; ++k) per_shard[k] += in_shard(path, Shard{k, count, ""});
    }
    const double mean = static_cast<double>(paths.size()) / count;
    for (int64_t k = 0; k < count; ++k) {
      EXPECT_NEAR(per_shard[k] / mean, 1.0, 0.15) << "shard " << k + 1 << "/" << count;
    }
  }
}

const char* no_env(const char*) { return nullptr; }

std::map<std::string, std::string> g_env;
const char* fake_env(const char* name) {
  auto it = g_env.find(name);
  return it == g_env.end() ? nullptr : it->second.c_str();
}

TEST(Shard, FromTheFlagAndFromEachScheduler) {
  absl::StatusOr<Shard> flag = choose_shard("2/4", 0, no_env);
  ASSERT_TRUE(flag.ok());
  EXPECT_EQ(flag->index, 1);
  EXPECT_EQ(flag->count, 4);
  EXPECT_TRUE(choose_shard("", 0, no_env)->whole());
  for (const char* bad : {"0/4", "5/4", "1/0", "x/4", "1-4", "2/"}) {
    EXPECT_FALSE(choose_shard(bad, 0, no_env).ok()) << bad;
  }
  g_env = {{"JOB_COMPLETION_INDEX", "2"}};
  absl::StatusOr<Shard> k8s = choose_shard("", 3, fake_env);
  ASSERT_TRUE(k8s.ok());
  EXPECT_EQ(k8s->index, 2);
  EXPECT_EQ(k8s->source, "JOB_COMPLETION_INDEX=2 of 3 (--shards 3)");
  EXPECT_FALSE(choose_shard("", 0, fake_env).ok());  // no count
  EXPECT_FALSE(choose_shard("", 2, fake_env).ok());  // index past the count
  g_env = {
      {"SLURM_ARRAY_TASK_ID", "5"}, {"SLURM_ARRAY_TASK_COUNT", "4"}, {"SLURM_ARRAY_TASK_MIN", "3"}};
  absl::StatusOr<Shard> slurm = choose_shard("", 0, fake_env);
  ASSERT_TRUE(slurm.ok()) << slurm.status();
  EXPECT_EQ(slurm->index, 2);
  EXPECT_EQ(slurm->count, 4);
  // With --shards the task ID is the index: a resubmitted part (--array=3,5) keeps its shards.
  absl::StatusOr<Shard> resubmitted = choose_shard("", 8, fake_env);
  ASSERT_TRUE(resubmitted.ok());
  EXPECT_EQ(resubmitted->index, 5);
  EXPECT_EQ(resubmitted->count, 8);
  g_env = {{"SLURM_ARRAY_TASK_ID", "1"}};
  EXPECT_FALSE(choose_shard("", 0, fake_env).ok());  // no count from anywhere
  g_env = {{"AWS_BATCH_JOB_ARRAY_INDEX", "3"}, {"AWS_BATCH_JOB_ARRAY_SIZE", "6"}};
  absl::StatusOr<Shard> aws = choose_shard("", 0, fake_env);
  ASSERT_TRUE(aws.ok()) << aws.status();
  EXPECT_EQ(aws->index, 3);
  EXPECT_EQ(aws->count, 6);
  EXPECT_EQ(aws->source, "AWS_BATCH_JOB_ARRAY_INDEX=3 of 6 (AWS_BATCH_JOB_ARRAY_SIZE=6)");
  g_env = {{"AWS_BATCH_JOB_ARRAY_INDEX", "0"}};
  EXPECT_FALSE(choose_shard("", 0, fake_env).ok());
  EXPECT_EQ(choose_shard("", 8, fake_env)->count, 8);
  EXPECT_EQ(choose_shard("3/8", 0, fake_env)->index, 2);  // the flag wins
  g_env = {{"AWS_BATCH_JOB_ARRAY_INDEX", "-1"}};
  EXPECT_FALSE(choose_shard("", 8, fake_env).ok());
  EXPECT_FALSE(choose_shard("", 8, no_env).ok());  // --shards without an index
}

TEST(Shard, ReportPathsNameTheirShard) {
  EXPECT_EQ(with_shard("reports/shard-{shard}.jsonl", Shard{2, 4, ""}), "reports/shard-3.jsonl");
  EXPECT_EQ(with_shard("{shard}-{shard}", Shard{0, 2, ""}), "1-1");
  EXPECT_EQ(with_shard("plain.jsonl", Shard{}), "plain.jsonl");
}

TEST_F(TempTree, PlansOutputsAndNamesCollidingOnesInFull) {
  put("a.dae", "12345");
  put("a.glb");
  put("b.dae");
  int64_t left_out = 0;
  std::vector<Asset> assets = *assets_under(root_, false, &left_out);
  std::vector<BatchJob> jobs = plan_jobs(assets, ".glb");
  ASSERT_EQ(jobs.size(), 3u);
  EXPECT_EQ(jobs[0].output, "a.dae.glb");
  EXPECT_EQ(jobs[1].output, "a.glb.glb");
  EXPECT_EQ(jobs[2].output, "b.glb");
  EXPECT_EQ(jobs[0].input_bytes, 5);
  EXPECT_GT(jobs[0].input_mtime_ns, 0);
  size_t in_shards = 0;
  for (int64_t k = 0; k < 3; ++k) in_shards += take_shard(jobs, Shard{k, 3, ""}).size();
  EXPECT_EQ(in_shards, 3u);
  EXPECT_EQ(output_files(root_, "x/a.gltf"),
            (std::vector<fs::path>{root_ / "x/a.gltf", root_ / "x/a.bin"}));
}

TEST_F(TempTree, AResumedRunSkipsOnlyWhatIsConvertedAndUnchanged) {
  put("src/a.dae", "abc");
  int64_t left_out = 0;
  BatchJob job = plan_jobs(*assets_under(root_ / "src", false, &left_out), ".glb")[0];
  AssetRecord r;
  r.input = "a.dae";
  r.output = "a.glb";
  r.outcome = Outcome::kConverted;
  r.input_bytes = job.input_bytes;
  r.input_mtime_ns = job.input_mtime_ns;
  auto records = last_records({r});
  EXPECT_FALSE(already_converted(job, records, root_ / "out"));  // no output yet
  put("out/a.glb");
  EXPECT_TRUE(already_converted(job, records, root_ / "out"));
  AssetRecord changed = r;
  changed.input_mtime_ns += 1;
  EXPECT_FALSE(already_converted(job, last_records({r, changed}), root_ / "out"));
  AssetRecord refused = r;
  refused.outcome = Outcome::kRefused;
  EXPECT_FALSE(already_converted(job, last_records({refused}), root_ / "out"));
  EXPECT_TRUE(already_converted(job, last_records({refused, r}), root_ / "out"));
}

TEST(BatchReport, ALineRoundTripsAndBadLinesAreRefused) {
  AssetRecord r;
  r.input = "dir/\"quoted\"\n.dae";
  r.output = "dir/x.glb";
  r.outcome = Outcome::kRefused;
  r.exit_code = 2;
  r.rule = "collada.p.length";
  r.message = "too short";
  r.warnings = {{"b.code", 3}, {"a.code", 1}};
  r.input_bytes = 1234;
  r.input_mtime_ns = 1700000000123456789;
  r.seconds = 0.25;
  r.peak_rss_kib = 9000;
  std::string line = to_json_line(r);
  EXPECT_EQ(line.back(), '\n');
  EXPECT_EQ(line.find('\n'), line.size() - 1);
  absl::StatusOr<AssetRecord> back = parse_json_line(line);
  ASSERT_TRUE(back.ok()) << back.status();
  EXPECT_EQ(back->input, r.input);
  EXPECT_EQ(back->outcome, Outcome::kRefused);
  EXPECT_EQ(back->exit_code, 2);
  EXPECT_EQ(back->rule, r.rule);
  EXPECT_EQ(back->warnings, r.warnings);
  EXPECT_EQ(back->input_mtime_ns, r.input_mtime_ns);
  EXPECT_DOUBLE_EQ(back->seconds, 0.25);
  EXPECT_EQ(back->peak_rss_kib, 9000);
  for (const char* bad :
       {"", "[]", "{\"input\":\"a\",\"outc", "{\"input\":\"a\",\"outcome\":\"x\"}",
        "{\"outcome\":\"converted\"}", "{\"input\":1,\"outcome\":\"converted\"}"}) {
    EXPECT_FALSE(parse_json_line(bad).ok()) << bad;
  }
}

// Issue 36 §2: a report says converted, refused or failed, and a failure its reason; a line of
// an earlier version (the reason as the outcome) still reads.
TEST(BatchReport, AFailureIsFailedWithItsReasonAndOldLinesStillRead) {
  AssetRecord r;
  r.input = "a.dae";
  r.outcome = Outcome::kTimeout;
  std::string line = to_json_line(r);
  EXPECT_NE(line.find(R"("outcome":"failed","failure":"timeout")"), std::string::npos) << line;
  absl::StatusOr<AssetRecord> back = parse_json_line(line);
  ASSERT_TRUE(back.ok()) << back.status();
  EXPECT_EQ(back->outcome, Outcome::kTimeout);
  r.outcome = Outcome::kRefused;
  EXPECT_EQ(to_json_line(r).find("failure"), std::string::npos);
  absl::StatusOr<AssetRecord> old = parse_json_line(R"({"input":"a.dae","outcome":"io-error"})");
  ASSERT_TRUE(old.ok()) << old.status();
  EXPECT_EQ(old->outcome, Outcome::kIoError);
  EXPECT_FALSE(parse_json_line(R"({"input":"a.dae","outcome":"failed"})").ok());
  EXPECT_EQ(outcome_word(Outcome::kCrashed), "failed");
  EXPECT_EQ(outcome_word(Outcome::kRefused), "refused");
}

TEST(BatchReport, NamesThatAreNotUtf8StayJsonAndReadBackAsTheirBytes) {
  AssetRecord latin1;
  latin1.input = "caf\xE9.dae";
  latin1.output = "caf\xE9.glb";
  latin1.outcome = Outcome::kConverted;
  std::string line = to_json_line(latin1);
  // The readable spelling stays, the bytes ride beside it.
  EXPECT_NE(line.find("\"input\":\"caf\xEF\xBF\xBD.dae\""), std::string::npos) << line;
  EXPECT_NE(line.find("\"inputRaw\":"), std::string::npos) << line;
  EXPECT_NE(line.find("\"outputRaw\":"), std::string::npos) << line;
  absl::StatusOr<AssetRecord> back = parse_json_line(line);
  ASSERT_TRUE(back.ok()) << back.status();
  EXPECT_EQ(back->input, latin1.input);
  EXPECT_EQ(back->output, latin1.output);

  // Two names that differ only in bytes that are not UTF-8 stay two records.
  AssetRecord other = latin1;
  other.input = "caf\xE8.dae";
  auto last = last_records({*parse_json_line(line), *parse_json_line(to_json_line(other))});
  EXPECT_EQ(last.size(), 2u);
  // A UTF-8 name gets no raw field.
  AssetRecord utf8 = latin1;
  utf8.input = "caf\xC3\xA9.dae";
  utf8.output = "x.glb";
  EXPECT_EQ(to_json_line(utf8).find("Raw"), std::string::npos);
}

TEST(BatchReport, TheExitCodeAndTheSummary) {
  Summary s;
  EXPECT_EQ(exit_code_of(s), 0);
  AssetRecord r;
  r.input = "a";
  r.outcome = Outcome::kConverted;
  r.input_bytes = 2'000'000;
  s.add(r);
  EXPECT_EQ(exit_code_of(s), 0);
  r.outcome = Outcome::kRefused;
  r.rule = "x.y";
  s.add(r);
  s.add(r);
  EXPECT_EQ(exit_code_of(s), 2);
  r.outcome = Outcome::kTimeout;
  s.add(r);
  EXPECT_EQ(exit_code_of(s), 3);
  r.outcome = Outcome::kCrashed;
  s.add(r);
  EXPECT_EQ(exit_code_of(s), 4);
  s.skipped = 7;
  EXPECT_EQ(s.assets(), 12);
  std::FILE* out = std::tmpfile();
  print_summary(out, s, 2.0);
  std::rewind(out);
  char text[1024] = {};
  size_t n = std::fread(text, 1, sizeof text - 1, out);
  std::fclose(out);
  std::string printed(text, n);
  EXPECT_NE(printed.find("12 assets: 1 converted, 2 refused, 2 failed (1 timeout, 1 crashed); "
                         "7 skipped (already converted)"),
            std::string::npos)
      << printed;
  EXPECT_NE(printed.find("top refusal rules: x.y (2)"), std::string::npos);
  EXPECT_NE(printed.find("10.0 MB in, 0.0 MB out in 2.00 s: 5.0 MB/s"), std::string::npos);
  EXPECT_NE(summary_json(s).find("\"exitCode\":4"), std::string::npos);
}

// Issue 36: refusals that say --repair reads them are counted beside the refused.
TEST(BatchReport, TheSummaryCountsRefusalsTheRepairReads) {
  Summary s;
  AssetRecord r;
  r.outcome = Outcome::kRefused;
  r.rule = "collada.array.count";
  r.message = std::string("collada.array.count: <float_array> at line 3: count=9 but the array "
                          "holds 2 values") +
              std::string(kRepairReadsIt);
  s.add(r);
  s.add(r);
  r.rule = "collada.p.length";
  r.message = "collada.p.length: <triangles> at line 12: <p> holds 10 indices";
  s.add(r);
  EXPECT_EQ(s.readable_with_repair, 2);
  std::FILE* out = std::tmpfile();
  print_summary(out, s, 0);
  std::rewind(out);
  char text[1024] = {};
  std::string printed(text, std::fread(text, 1, sizeof text - 1, out));
  std::fclose(out);
  EXPECT_NE(printed.find("3 refused (2 of them readable with --repair), 0 failed"),
            std::string::npos)
      << printed;
  EXPECT_NE(summary_json(s).find("\"readableWithRepair\":2"), std::string::npos);
}

TEST(AssetWorker, AFinishedWorkerIsReadByWhatItWroteElseByHowItEnded) {
  BatchJob job{{"in/a.dae", "a.dae"}, "a.glb", 10, 20, true};
  AssetRecord written;
  written.input = "a.dae";
  written.outcome = Outcome::kRefused;
  written.exit_code = 2;
  written.rule = "r.s";
  AssetRecord r = record_of_finished(job, to_json_line(written), 2 << 8, false);
  EXPECT_EQ(r.outcome, Outcome::kRefused);
  EXPECT_EQ(r.rule, "r.s");
  EXPECT_EQ(r.input_bytes, 10);
  EXPECT_EQ(record_of_finished(job, "", 0, false).outcome, Outcome::kConverted);
  EXPECT_EQ(record_of_finished(job, "", 3 << 8, false).outcome, Outcome::kIoError);
  EXPECT_EQ(record_of_finished(job, "", 5 << 8, false).outcome, Outcome::kMemory);
  EXPECT_EQ(record_of_finished(job, "", 4 << 8, false).outcome, Outcome::kCrashed);
  AssetRecord killed = record_of_finished(job, "", SIGSEGV, false);
  EXPECT_EQ(killed.outcome, Outcome::kCrashed);
  EXPECT_EQ(killed.signal, SIGSEGV);
  EXPECT_EQ(killed.exit_code, -1);
  EXPECT_EQ(record_of_finished(job, "", SIGKILL, true).outcome, Outcome::kTimeout);
}

std::string printed_by(const std::function<void(std::FILE*)>& print) {
  std::FILE* out = std::tmpfile();
  print(out);
  std::rewind(out);
  char text[4096] = {};
  size_t n = std::fread(text, 1, sizeof text - 1, out);
  std::fclose(out);
  return std::string(text, n);
}

TEST(BatchProgress, PlainLinesABarAndNothing) {
  auto printed = [](BatchProgress::Mode mode) {
    return printed_by([&](std::FILE* out) {
      BatchProgress progress(mode, 4, 4'000'000, 1e-9, 200, out);
      progress.start();
      progress.done("a.dae", Outcome::kConverted, 1'000'000);
      progress.note("polyxios: batch: refused x.dae: why");
      progress.done("x.dae", Outcome::kRefused, 1'000'000);
      progress.done("y.dae", Outcome::kTimeout, 1'000'000);
      progress.done("deep/folder/z.dae", Outcome::kConverted, 1'000'000);
      progress.finish();
    });
  };
  std::string lines = printed(BatchProgress::Mode::kLines);
  EXPECT_NE(lines.find("polyxios: batch: 1/4 files"), std::string::npos) << lines;
  EXPECT_NE(lines.find("refused x.dae: why\n"), std::string::npos);
  EXPECT_NE(lines.find("4/4 files"), std::string::npos);
  EXPECT_NE(lines.find("1 refused  1 failed"), std::string::npos) << lines;
  EXPECT_EQ(lines.find('\r'), std::string::npos);
  std::string bar = printed(BatchProgress::Mode::kBar);
  EXPECT_NE(bar.find("\r\033[K[" + std::string(30, '=') + "] 4/4 files"), std::string::npos) << bar;
  EXPECT_NE(bar.find("1 failed  deep/folder/z.dae"), std::string::npos) << bar;
  EXPECT_EQ(printed(BatchProgress::Mode::kNone), "");
}

// Issue 36 §2: the bar fits the terminal: no drawn line is wider than its columns less one, the
// bar shrinking first, then the path cut from the left.
TEST(BatchProgress, TheBarFitsTheTerminalsWidth) {
  for (int columns : {40, 60, 72, 100}) {
    std::string bar = printed_by([&](std::FILE* out) {
      BatchProgress progress(BatchProgress::Mode::kBar, 1279, 1'279'000, 1e-9, columns, out);
      progress.start();
      progress.done("a/very/long/folder/name/with/many/parts/model_number_0001.dae",
                    Outcome::kConverted, 1000);
      progress.finish();
    });
    size_t from = 0;
    while ((from = bar.find("\r\033[K", from)) != std::string::npos) {
      from += 4;
      size_t end = bar.find_first_of("\r\n", from);
      std::string line = bar.substr(from, end - from);
      EXPECT_LE(line.size(), static_cast<size_t>(columns - 1)) << columns << ": " << line;
    }
    if (columns == 100) {
      EXPECT_NE(bar.find("..."), std::string::npos) << bar;  // the path cut to fit
    }
  }
}

// Issue 36 §2: --progress json: one object per asset done, nothing else.
TEST(BatchProgress, JsonLinesOnePerAsset) {
  std::string json = printed_by([](std::FILE* out) {
    BatchProgress progress(BatchProgress::Mode::kJson, 2, 2000, 10, 80, out);
    progress.start();
    progress.done("a.dae", Outcome::kConverted, 1000);
    progress.note("polyxios: batch: refused b.dae: why");
    progress.done("b.dae", Outcome::kMemory, 1000);
    progress.finish();
  });
  std::vector<std::string> lines;
  for (size_t at = 0, end; (end = json.find('\n', at)) != std::string::npos; at = end + 1) {
    lines.push_back(json.substr(at, end - at));
  }
  ASSERT_EQ(lines.size(), 2u) << json;
  EXPECT_TRUE(lines[0].starts_with(
      R"({"done":1,"total":2,"path":"a.dae","outcome":"converted","elapsed":)"))
      << lines[0];
  EXPECT_TRUE(lines[1].starts_with(
      R"({"done":2,"total":2,"path":"b.dae","outcome":"failed","failure":"memory","elapsed":)"))
      << lines[1];
}

TEST(BatchProgress, ThousandsAreGroupedByThree) {
  EXPECT_EQ(with_thousands(0), "0");
  EXPECT_EQ(with_thousands(157), "157");
  EXPECT_EQ(with_thousands(1279), "1,279");
  EXPECT_EQ(with_thousands(1234567), "1,234,567");
}

}  // namespace
}  // namespace px::cli
