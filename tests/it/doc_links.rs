//! An offline link check of the documents a reader starts from: every
//! relative link and image of README.md, CONTRIBUTING.md, ARCHITECTURE.md
//! and the manual (`docs/src/`) leads to a file that exists, and every
//! `#anchor` to a heading of its page, by the rule GitHub and mdBook share
//! for heading ids.

use std::collections::BTreeSet;
use std::fs;
use std::path::{Path, PathBuf};

use pulldown_cmark::{Event, Options, Parser, Tag, TagEnd};

use crate::support::sources;

fn documents() -> Vec<PathBuf> {
    let mut found: Vec<PathBuf> = ["README.md", "CONTRIBUTING.md", "ARCHITECTURE.md"]
        .iter()
        .map(|name| sources::root().join(name))
        .collect();
    collect(&sources::root().join("docs/src"), &mut found);
    found
}

fn collect(dir: &Path, out: &mut Vec<PathBuf>) {
    let mut entries: Vec<PathBuf> = fs::read_dir(dir)
        .unwrap_or_else(|err| panic!("{}: {err}", dir.display()))
        .map(|entry| entry.unwrap().path())
        .collect();
    entries.sort();
    for path in entries {
        if path.is_dir() {
            collect(&path, out);
        } else if path.extension().is_some_and(|ext| ext == "md") {
            out.push(path);
        }
    }
}

/// A heading's id: lower case, letters, digits, `-` and `_` kept, spaces
/// made `-`, the rest dropped; a repeated id gets `-1`, `-2`, ….
fn heading_ids(markdown: &str) -> BTreeSet<String> {
    let mut ids = BTreeSet::new();
    let mut heading: Option<String> = None;
    for event in Parser::new_ext(markdown, Options::ENABLE_TABLES) {
        match event {
            Event::Start(Tag::Heading { .. }) => heading = Some(String::new()),
            Event::Text(text) | Event::Code(text) => {
                if let Some(heading) = heading.as_mut() {
                    heading.push_str(&text);
                }
            }
            Event::End(TagEnd::Heading(_)) => {
                let text = heading.take().unwrap_or_default();
                let base: String = text
                    .trim()
                    .to_lowercase()
                    .chars()
                    .filter_map(|c| match c {
                        ' ' => Some('-'),
                        c if c.is_alphanumeric() || c == '-' || c == '_' => Some(c),
                        _ => None,
                    })
                    .collect();
                let mut id = base.clone();
                let mut n = 1;
                while ids.contains(&id) {
                    id = format!("{base}-{n}");
                    n += 1;
                }
                ids.insert(id);
            }
            _ => {}
        }
    }
    ids
}

/// The destinations of every link and image in `markdown`.
fn links(markdown: &str) -> Vec<String> {
    Parser::new_ext(markdown, Options::ENABLE_TABLES)
        .filter_map(|event| match event {
            Event::Start(Tag::Link { dest_url, .. } | Tag::Image { dest_url, .. }) => {
                Some(dest_url.into_string())
            }
            _ => None,
        })
        .collect()
}

/// What is wrong with the link `target` of the document `from`, if anything.
fn broken(from: &Path, target: &str) -> Option<String> {
    if target.contains("://") || target.starts_with("mailto:") {
        return None;
    }
    let (path, anchor) = match target.split_once('#') {
        Some((path, anchor)) => (path, Some(anchor)),
        None => (target, None),
    };
    let file = if path.is_empty() {
        from.to_path_buf()
    } else {
        from.parent().unwrap().join(path)
    };
    if !file.exists() {
        return Some(format!("`{target}`: no such file"));
    }
    let anchor = anchor?;
    if file.extension().is_none_or(|ext| ext != "md") {
        return None;
    }
    let text = fs::read_to_string(&file).ok()?;
    (!heading_ids(&text).contains(anchor)).then(|| format!("`{target}`: no heading with that id"))
}

#[test]
fn every_relative_link_and_anchor_leads_somewhere() {
    let mut problems = Vec::new();
    let mut checked = 0;
    for document in documents() {
        let text = fs::read_to_string(&document).unwrap();
        for target in links(&text) {
            checked += 1;
            if let Some(problem) = broken(&document, &target) {
                let shown = document.strip_prefix(sources::root()).unwrap_or(&document);
                problems.push(format!("{}: {problem}", shown.display()));
            }
        }
    }
    assert!(checked > 50, "only {checked} links found");
    assert!(
        problems.is_empty(),
        "broken links:\n{}",
        problems.join("\n")
    );
}

#[test]
fn heading_ids_follow_the_rule() {
    let ids = heading_ids(
        "# Judge profiles (`check --profile NAME`)\n## Settings\n## Settings\n### How the editors pick up `boardls.toml`\n",
    );
    let expected: BTreeSet<String> = [
        "judge-profiles-check---profile-name",
        "settings",
        "settings-1",
        "how-the-editors-pick-up-boardlstoml",
    ]
    .map(String::from)
    .into();
    assert_eq!(ids, expected);
}
