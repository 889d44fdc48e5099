//! The command line in the reader's language: `check`'s full format,
//! `--coverage`'s table, `fmt`, `stress` and `--help` follow `--locale`,
//! else LC_ALL, LC_MESSAGES and LANG; the formats that scripts read
//! (concise, json, json-lines, github, sarif) are the same bytes whatever
//! the language. The Russian and Chinese full format is kept as snapshots
//! in `tests/snapshots/locale/` (`UPDATE_EXPECT=1 cargo test` rewrites
//! them).

use std::process::{Command, Output};

use expect_test::expect_file;

use crate::support::cli::{self, EXAMPLES, stdout};

/// The full format's examples: engine findings, a judge profile's and a
/// fix among them.
const FULL_EXAMPLES: [&str; 2] = ["examples/go9/broken.go9", "examples/tomek/broken.tomek"];

/// `boardls ARGS` with the language variables as given (none else).
fn in_environment(args: &[&str], vars: &[(&str, &str)]) -> Output {
    let mut command: Command = cli::command(args);
    command.env_remove("LANG");
    for (name, value) in vars {
        command.env(name, value);
    }
    command.output().expect("run boardls")
}

fn stderr(output: &Output) -> String {
    String::from_utf8_lossy(&output.stderr).into_owned()
}

/// `check` in the full format, uncoloured: what these tests compare.
const CHECK_FULL: [&str; 5] = ["check", "--output-format", "full", "--color", "never"];

fn full(locale: &str) -> String {
    let mut args = CHECK_FULL.to_vec();
    args.extend(["--profile", "gcj2013a-small", "--locale", locale]);
    args.extend(FULL_EXAMPLES);
    stdout(&cli::boardls(&args))
}

#[test]
fn the_full_format_in_russian_and_chinese_matches_its_snapshots() {
    let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR"));
    for locale in ["ru", "zh-CN"] {
        let snapshot = root.join(format!("tests/snapshots/locale/check-full.{locale}.txt"));
        expect_file![snapshot].assert_eq(&full(locale));
    }
    // The paths and the quoted lines of the file are the English ones
    // (the labels under them are translated).
    let english = full("en");
    let russian = full("ru");
    let frames = |text: &str| -> Vec<String> {
        text.lines()
            .filter(|line| {
                let quoted = line
                    .split_once(" | ")
                    .is_some_and(|(number, _)| number.trim().parse::<u32>().is_ok());
                line.trim_start().starts_with("-->") || quoted
            })
            .map(str::to_owned)
            .collect()
    };
    assert_eq!(frames(&english), frames(&russian));
    assert!(russian.contains("ошибка[go9/bad-cell]"), "{russian}");
    assert!(russian.contains("= подсказка: "), "{russian}");
}

/// What scripts read is the same bytes in every language the
/// environment may ask for.
#[test]
fn machine_formats_are_the_same_bytes_under_every_lang() {
    for format in ["concise", "json", "json-lines", "github", "sarif"] {
        let mut args = vec!["check", "--output-format", format];
        args.extend(EXAMPLES);
        let english = in_environment(&args, &[]);
        assert_eq!(english.status.code(), Some(1));
        for lang in [
            "ru_RU.UTF-8",
            "zh_CN.UTF-8",
            "zh_TW.UTF-8",
            "de_DE.UTF-8",
            "C",
        ] {
            let output = in_environment(&args, &[("LANG", lang)]);
            assert_eq!(output.stdout, english.stdout, "{format} under LANG={lang}");
            assert_eq!(output.status, english.status, "{format} under LANG={lang}");
        }
        // Nor does --locale change them.
        let asked = {
            let mut args = args.clone();
            args.extend(["--locale", "ru"]);
            in_environment(&args, &[])
        };
        assert_eq!(asked.stdout, english.stdout, "{format} with --locale ru");
    }
    // Concise is also what a pipe gets without --output-format.
    let mut args = vec!["check"];
    args.extend(EXAMPLES);
    let piped = in_environment(&args, &[("LANG", "ru_RU.UTF-8")]);
    let mut concise = vec!["check", "--output-format", "concise"];
    concise.extend(EXAMPLES);
    assert_eq!(piped.stdout, in_environment(&concise, &[]).stdout);
}

/// The summary line of the full format names the language it is in.
fn summary_of(vars: &[(&str, &str)], extra: &[&str]) -> String {
    let mut args = CHECK_FULL.to_vec();
    args.push("examples/go9/broken.go9");
    args.extend(extra);
    let text = stdout(&in_environment(&args, vars));
    text.lines().last().unwrap_or_default().to_owned()
}

#[test]
fn the_full_format_follows_lc_all_lc_messages_and_lang() {
    let english = "6 errors, 2 warnings in 1 file";
    let russian = "6 ошибок, 2 предупреждения в 1 файле";
    let chinese = "1 个文件中有 6 个错误、2 个警告";
    assert_eq!(summary_of(&[], &[]), english);
    assert_eq!(summary_of(&[("LANG", "ru_RU.UTF-8")], &[]), russian);
    assert_eq!(summary_of(&[("LANG", "zh_CN.UTF-8")], &[]), chinese);
    // No Traditional Chinese text: English. Nor German.
    assert_eq!(summary_of(&[("LANG", "zh_TW.UTF-8")], &[]), english);
    assert_eq!(summary_of(&[("LANG", "de_DE.UTF-8")], &[]), english);
    // POSIX's order: LC_ALL, then LC_MESSAGES, then LANG; empty is unset.
    let all = [("LC_ALL", "zh_CN.UTF-8"), ("LANG", "ru_RU.UTF-8")];
    assert_eq!(summary_of(&all, &[]), chinese);
    let messages = [("LC_MESSAGES", "ru_RU.UTF-8"), ("LANG", "zh_CN.UTF-8")];
    assert_eq!(summary_of(&messages, &[]), russian);
    let empty = [("LC_ALL", ""), ("LANG", "ru_RU.UTF-8")];
    assert_eq!(summary_of(&empty, &[]), russian);
    // LC_ALL=C is English, whatever LANG says.
    let c = [("LC_ALL", "C"), ("LANG", "ru_RU.UTF-8")];
    assert_eq!(summary_of(&c, &[]), english);
    // --locale comes first.
    let ru = [("LANG", "ru_RU.UTF-8")];
    assert_eq!(summary_of(&ru, &["--locale", "en"]), english);
    assert_eq!(summary_of(&[], &["--locale=zh-Hans"]), chinese);
}

#[test]
fn help_speaks_the_language_and_english_stays_as_it_was() {
    let english = in_environment(&["--help"], &[]);
    for lang in ["C", "de_DE.UTF-8", "zh_TW.UTF-8", "en_US.UTF-8"] {
        let same = in_environment(&["--help"], &[("LANG", lang)]);
        assert_eq!(same.stdout, english.stdout, "LANG={lang}");
    }
    let english = stdout(&english);
    assert!(
        english.contains("  check   Print every diagnostic of every board file under PATHs\n"),
        "{english}"
    );
    let russian = stdout(&in_environment(&["--locale", "ru", "--help"], &[]));
    assert!(
        russian.contains("  check   Вывести все диагностики всех файлов позиций в путях PATH\n"),
        "{russian}"
    );
    let chinese = stdout(&in_environment(
        &["check", "--help"],
        &[("LANG", "zh_CN.UTF-8")],
    ));
    assert!(
        chinese.contains("- full:       代码片段和汇总行"),
        "{chinese}"
    );
    assert!(chinese.contains("退出码：0 没有发现错误"), "{chinese}");
    // Clap's own headings and help flags too; English keeps clap's.
    assert!(
        russian.contains("\nИспользование: boardls [OPTIONS] [COMMAND]\n"),
        "{russian}"
    );
    assert!(russian.contains("\nКоманды:\n  lsp "), "{russian}");
    assert!(russian.contains("\nПараметры:\n"), "{russian}");
    assert!(
        russian.contains("  -h, --help          Показать справку\n"),
        "{russian}"
    );
    assert!(
        russian.contains("  -V, --version       Показать версию\n"),
        "{russian}"
    );
    for english_word in [
        "Usage:",
        "Options:",
        "Commands:",
        "Print help",
        "Print version",
    ] {
        assert!(
            !russian.contains(english_word),
            "{english_word} in {russian}"
        );
        assert!(
            english.contains(english_word),
            "{english_word} not in {english}"
        );
    }
    assert!(
        chinese.contains("\n用法：boardls check [OPTIONS] <PATH>...\n"),
        "{chinese}"
    );
    assert!(chinese.contains("\n参数：\n  <PATH>..."), "{chinese}");
    assert!(chinese.contains("\n选项：\n"), "{chinese}");
    assert!(chinese.contains("显示帮助"), "{chinese}");
    // A value boardls reads itself says what it expected in that language.
    let bad = in_environment(
        &["stress", "go9", "--duration", "5x", "--", "true"],
        &[("LANG", "ru_RU.UTF-8")],
    );
    assert_eq!(bad.status.code(), Some(2));
    assert!(
        stderr(&bad).contains("ожидалась длительность вроде 500ms, 2s или 1m, а не \"5x\""),
        "{}",
        stderr(&bad)
    );
}

#[test]
fn coverage_fmt_and_stress_speak_it_too() {
    let coverage = in_environment(
        &["check", "--coverage", "examples/go9"],
        &[("LANG", "zh_CN.UTF-8")],
    );
    let table = stdout(&coverage);
    assert!(table.starts_with("go9 — 3 个文件，共 "), "{table}");
    assert!(
        table.contains("  未覆盖（1）：\n  ✗ 一手提掉两块棋  [go9.two-groups-one-move]\n"),
        "{table}"
    );
    assert!(
        stderr(&coverage).contains("boardls check: 发现 "),
        "{}",
        stderr(&coverage)
    );
    // Its JSON stays English.
    let json = |vars: &[(&str, &str)]| {
        in_environment(
            &["check", "--coverage", "--output-format", "json", "examples"],
            vars,
        )
        .stdout
    };
    assert_eq!(json(&[("LANG", "ru_RU.UTF-8")]), json(&[]));

    let fmt = in_environment(
        &[
            "fmt",
            "--check",
            "examples/go9/broken.go9",
            "examples/go9/sample.go9",
            "nowhere.go9",
        ],
        &[("LANG", "ru_RU.UTF-8")],
    );
    let said = stderr(&fmt);
    assert!(
        said.contains("boardls fmt: examples/go9/broken.go9: не отформатирован: строка "),
        "{said}"
    );
    assert!(
        said.ends_with(
            "boardls fmt: будет переформатирован 1 файл, уже отформатировано: 0, не \
             отформатировано: 1\n"
        ),
        "{said}"
    );
    assert_eq!(
        stdout(&fmt),
        "будет переформатирован examples/go9/sample.go9\n"
    );
    assert_eq!(fmt.status.code(), Some(2));

    // After `--`, `--locale` is the solution's, not boardls's.
    let theirs = in_environment(
        &[
            "stress",
            "go9",
            "--count",
            "1",
            "--",
            "/nonexistent/solution",
            "--locale",
            "ru",
        ],
        &[],
    );
    assert_eq!(theirs.status.code(), Some(2));
    assert!(
        stderr(&theirs).contains("boardls stress: cannot run "),
        "{}",
        stderr(&theirs)
    );
    let ours = in_environment(
        &[
            "stress",
            "go9",
            "--locale",
            "ru",
            "--count",
            "1",
            "--",
            "/nonexistent/solution",
        ],
        &[],
    );
    assert!(stdout(&ours).starts_with("boardls stress: go9 против судьи (hdu5546), seed "));
    assert!(
        stderr(&ours).contains("boardls stress: не удаётся запустить "),
        "{}",
        stderr(&ours)
    );
}
