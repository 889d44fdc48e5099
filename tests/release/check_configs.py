#!/usr/bin/env python3
"""The editor configurations in editors/ against each editor's documented
schema (the keys and shapes its manual gives; the sources are named in each
file), and against one another: every one runs `boardls lsp`, maps the
three extensions and asks for the text board in hover. The Kakoune script
itself is run by Kakoune (tests/release/run.sh); its `lsp_servers` value,
as Kakoune set it, is checked here when its file is given.

    tests/release/check_configs.py [KAKOUNE_LSP_SERVERS_FILE]

Ends with `N passed, N failed`.
"""

import json
import re
import sys
import tomllib
from pathlib import Path

import yaml

REPO = Path(__file__).resolve().parents[2]
EDITORS = REPO / "editors"
IDS = ["uttt", "go9", "tomek"]
TEXT_HOVER = {"boardls": {"hover": {"picture": "text"}}}

passed = failed = 0



def root_package():
    """The root Cargo.toml's [package], its `x.workspace = true` keys read
    from [workspace.package]."""
    manifest = tomllib.loads((REPO / "Cargo.toml").read_text())
    shared = manifest.get("workspace", {}).get("package", {})
    return {
        key: shared.get(key, value) if value == {"workspace": True} else value
        for key, value in manifest["package"].items()
    }

def check(ok, what, detail=""):
    global passed, failed
    if ok:
        passed += 1
        print(f"ok: {what}")
    else:
        failed += 1
        print(f"FAILED: {what}{': ' + str(detail) if detail else ''}")


def unknown(keys, allowed):
    return sorted(set(keys) - set(allowed))


def helix():
    # https://docs.helix-editor.com/languages.html
    language_keys = {
        "name", "language-id", "scope", "injection-regex", "file-types", "shebangs",
        "roots", "comment-token", "comment-tokens", "block-comment-tokens", "auto-format",
        "formatter", "diagnostic-severity", "grammar", "language-servers", "indent",
        "auto-pairs", "text-width", "soft-wrap", "rulers", "workspace-lsp-roots",
        "persistent-diagnostic-sources", "path-completion", "word-completion",
    }
    server_keys = {"command", "args", "config", "timeout", "environment",
                   "required-root-patterns", "except-features", "only-features"}
    data = tomllib.loads((EDITORS / "helix/languages.toml").read_text())
    servers = data.get("language-server", {})
    for name, server in servers.items():
        check(not unknown(server, server_keys), f"helix: language-server.{name} keys",
              unknown(server, server_keys))
        check(isinstance(server.get("command"), str), f"helix: language-server.{name}.command")
    boardls = servers.get("boardls", {})
    check([boardls.get("command")] + boardls.get("args", []) == ["boardls", "lsp"],
          "helix: the server is `boardls lsp`")
    check(boardls.get("config") == TEXT_HOVER, "helix: config asks for the text board")
    languages = {lang.get("name"): lang for lang in data.get("language", [])}
    check(sorted(languages) == sorted(IDS), "helix: a [[language]] per board language",
          sorted(languages))
    for name, lang in languages.items():
        check(not unknown(lang, language_keys), f"helix: [[language]] {name} keys",
              unknown(lang, language_keys))
        required = ["name", "scope", "file-types"]
        check(all(k in lang for k in required), f"helix: {name} has {required}")
        check(lang.get("file-types") == [name], f"helix: {name} maps .{name}")
        check(lang.get("language-servers") == ["boardls"] and "boardls" in servers,
              f"helix: {name} uses the boardls server")
        indent = lang.get("indent", {})
        check(set(indent) == {"tab-width", "unit"} if indent else True,
              f"helix: {name} indent has tab-width and unit")


def zed():
    # https://zed.dev/docs/extensions/developing-extensions and .../languages
    ext_keys = {"id", "name", "version", "schema_version", "authors", "description",
                "repository", "language_servers", "grammars", "themes", "languages",
                "slash_commands", "context_servers", "snippets", "lib", "capabilities",
                "debug_adapters", "debug_locators", "icon_themes"}
    ext = tomllib.loads((EDITORS / "zed/extension.toml").read_text())
    check(not unknown(ext, ext_keys), "zed: extension.toml keys", unknown(ext, ext_keys))
    for key in ["id", "name", "version", "schema_version", "authors", "description",
                "repository"]:
        check(key in ext, f"zed: extension.toml has {key}")
    check(ext.get("schema_version") == 1, "zed: schema_version 1")
    check(re.fullmatch(r"[a-z0-9-]+", ext.get("id", "")) is not None, "zed: id is lower-case")
    names = {}
    for config in sorted((EDITORS / "zed/languages").glob("*/config.toml")):
        lang = tomllib.loads(config.read_text())
        allowed = {"name", "grammar", "path_suffixes", "line_comments", "block_comment",
                   "tab_size", "hard_tabs", "first_line_pattern", "brackets",
                   "autoclose_before", "word_characters", "prettier_parser_name",
                   "code_fence_block_name", "word_chars"}
        check(not unknown(lang, allowed), f"zed: {config.parent.name}/config.toml keys",
              unknown(lang, allowed))
        check("name" in lang and lang.get("path_suffixes") == [config.parent.name],
              f"zed: {config.parent.name} has a name and maps .{config.parent.name}")
        names[lang.get("name")] = config.parent.name
    check(sorted(names.values()) == sorted(IDS), "zed: a language folder per board language")
    server = ext.get("language_servers", {}).get("boardls", {})
    check(sorted(server.get("languages", [])) == sorted(names),
          "zed: the server serves the three languages", server.get("languages"))
    check(server.get("language_ids") == names, "zed: language ids are uttt, go9, tomek",
          server.get("language_ids"))
    cargo = tomllib.loads((EDITORS / "zed/Cargo.toml").read_text())
    check(cargo.get("lib", {}).get("crate-type") == ["cdylib"]
          and "zed_extension_api" in cargo.get("dependencies", {}),
          "zed: a cdylib crate on zed_extension_api")
    lib = (EDITORS / "zed/src/lib.rs").read_text()
    check("register_extension!" in lib and '"lsp"' in lib and '"picture": "text"' in lib,
          "zed: the extension starts `boardls lsp` with the text board in hover")
    root = tomllib.loads((REPO / "Cargo.toml").read_text())
    check("editors/zed" in root["workspace"].get("exclude", []) or "workspace" in cargo,
          "zed: its crate is not a member of the boardls workspace")


def kak_servers(servers, what):
    # kakoune-lsp's README: the `lsp_servers` option and kak-lsp.toml's
    # [language.NAME] (before version 17).
    keys = {"filetypes", "roots", "root_globs", "command", "args", "settings_section",
            "settings", "offset_encoding", "envs", "workaround_eslint"}
    for name, server in servers.items():
        check(not unknown(server, keys), f"kakoune: {what} {name} keys", unknown(server, keys))
    server = servers.get("boardls", {})
    check([server.get("command")] + server.get("args", []) == ["boardls", "lsp"],
          f"kakoune: {what} runs `boardls lsp`")
    check(server.get("settings_section") == "boardls"
          and server.get("settings") == TEXT_HOVER,
          f"kakoune: {what} settings ask for the text board")
    return server


def kakoune(servers_file):
    old = tomllib.loads((EDITORS / "kakoune/kak-lsp.toml").read_text())
    server = kak_servers(old.get("language", {}), "kak-lsp.toml")
    check(server.get("filetypes") == IDS and server.get("roots"),
          "kakoune: kak-lsp.toml filetypes and roots")
    if servers_file:
        text = Path(servers_file).read_text()
        try:
            servers = tomllib.loads(text)
        except tomllib.TOMLDecodeError as e:
            check(False, "kakoune: lsp_servers as Kakoune set it is TOML", e)
            return
        server = kak_servers(servers, "lsp_servers (from Kakoune)")
        check(server.get("root_globs"), "kakoune: lsp_servers has root_globs")


def jsonc(text):
    """Sublime's JSON: // comments and trailing commas allowed."""
    text = re.sub(r'^\s*//.*$', "", text, flags=re.M)
    return json.loads(re.sub(r",(\s*[}\]])", r"\1", text))


def sublime():
    # https://lsp.sublimetext.io/client_configuration/
    client_keys = {"enabled", "command", "selector", "priority_selector", "tcp_port",
                   "env", "initializationOptions", "settings", "disabled_capabilities",
                   "experimental_capabilities", "schemes", "diagnostics_mode",
                   "hide_non_project_diagnostics", "auto_complete_selector",
                   "ignore_server_trigger_chars", "path_maps", "feature_selector"}
    settings = jsonc((EDITORS / "sublime/LSP.sublime-settings").read_text())
    clients = settings.get("clients", {})
    client = clients.get("boardls", {})
    check(not unknown(client, client_keys), "sublime: client keys", unknown(client, client_keys))
    check(client.get("command") == ["boardls", "lsp"], "sublime: the command is `boardls lsp`")
    check(client.get("initializationOptions") == TEXT_HOVER,
          "sublime: initializationOptions ask for the text board")
    selector = client.get("selector", "")
    scopes = set()
    for syntax in sorted((EDITORS / "sublime").glob("*.sublime-syntax")):
        data = yaml.safe_load(syntax.read_text())
        ok = (isinstance(data, dict) and {"file_extensions", "scope", "contexts"} <= set(data)
              and "main" in data["contexts"])
        check(ok, f"sublime: {syntax.name} has file_extensions, scope and contexts.main")
        if ok:
            check(data["file_extensions"] == [syntax.stem] and data["scope"] == f"source.{syntax.stem}",
                  f"sublime: {syntax.name} maps .{syntax.stem} to source.{syntax.stem}")
            scopes.add(data["scope"])
    check(sorted(s.strip() for s in selector.split("|")) == sorted(scopes)
          and len(scopes) == 3, "sublime: the selector names the three syntaxes' scopes",
          selector)


def mason():
    # mason-org/mason-registry: schemas/package.schema.json and its enums.
    platforms = {"darwin_arm64", "darwin_x64", "linux_arm", "linux_armv6l", "linux_armv7l",
                 "linux_arm64", "linux_arm64_gnu", "linux_arm64_openbsd", "linux_arm_gnu",
                 "linux_armv6_gnu", "linux_armv7_gnu", "linux_x64", "linux_x64_gnu",
                 "linux_x64_openbsd", "linux_x86", "linux_x86_gnu", "win_arm", "win_armv6l",
                 "win_armv7l", "win_arm64", "win_x64", "win_x86"}
    data = yaml.safe_load((EDITORS / "mason/package.yaml").read_text())
    top = {"name", "description", "homepage", "licenses", "languages", "categories",
           "source", "bin", "share", "ci_skip", "schemas", "neovim", "deprecation", "opt"}
    check(not unknown(data, top), "mason: top-level keys", unknown(data, top))
    required = ["name", "description", "homepage", "licenses", "languages", "source"]
    check(all(k in data for k in required), f"mason: has {required}")
    check(re.match(r"^https?://", data.get("homepage", "")) is not None, "mason: homepage URL")
    check(data.get("licenses") == ["MIT"], "mason: licenses MIT")
    check(set(data.get("categories", [])) <= {"Compiler", "DAP", "Formatter", "LSP", "Linter",
                                              "Runtime"}, "mason: categories from its enum")
    version = root_package()["version"]
    source = data.get("source", {})
    check(source.get("id") == f"pkg:github/boardls/boardls@v{version}",
          f"mason: source id is the v{version} release", source.get("id"))
    assets = source.get("asset", [])
    check(assets and all(set(a) == {"target", "file", "bin"} for a in assets),
          "mason: each asset has target, file, bin")
    check(all(a["target"] in platforms for a in assets), "mason: asset targets from its enum",
          [a["target"] for a in assets if a["target"] not in platforms])
    xtask = (REPO / "xtask/src/main.rs").read_text()
    triples = set(re.findall(r'\("[a-z0-9-]+", "([a-z0-9_-]+)"\)', xtask))
    for asset in assets:
        m = re.fullmatch(r"boardls-(.+)\.tar\.gz", asset["file"])
        triple = m and m.group(1)
        exe = "boardls.exe" if triple and "windows" in triple else "boardls"
        check(triple in triples and asset["bin"] == f"boardls-{triple}/{exe}",
              f"mason: {asset['file']} is an archive cargo xtask dist writes")
    check(data.get("bin") == {"boardls": "{{source.asset.bin}}"}, "mason: bin boardls")


def consistency():
    cargo = root_package()
    package = json.loads((EDITORS / "vscode/package.json").read_text())
    repo = cargo.get("repository")
    check(repo and package.get("repository", {}).get("url", "").startswith(repo),
          "the crate and the VS Code extension name one repository",
          (repo, package.get("repository")))
    zed_ext = tomllib.loads((EDITORS / "zed/extension.toml").read_text())
    check(zed_ext.get("repository") == repo and zed_ext.get("version") == cargo["version"],
          "the Zed extension has the crate's repository and version")


for part in (helix, zed, lambda: kakoune(sys.argv[1] if len(sys.argv) > 1 else None),
             sublime, mason, consistency):
    try:
        part()
    except Exception as e:  # a file that cannot be read is one failure
        check(False, f"{getattr(part, '__name__', 'kakoune')}: {type(e).__name__}", e)

print(f"{passed} passed, {failed} failed")
sys.exit(1 if failed or not passed else 0)
