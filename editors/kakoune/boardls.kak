# boardls for Kakoune with kakoune-lsp (kak-lsp 17 or later): source this
# file from your kakrc. It sets the filetypes uttt, go9 and tomek, and the
# server for them in `lsp_servers` (kakoune-lsp's own option). For an
# older kak-lsp, which reads servers from kak-lsp.toml, see kak-lsp.toml
# in this folder.

hook global BufCreate .*\.(uttt|go9|tomek) %{
    set-option buffer filetype %sh{ printf '%s' "${kak_hook_param##*.}" }
}

hook global WinSetOption filetype=(uttt|go9|tomek) %{
    set-option window comment_line '#'
    set-option buffer lsp_servers %{
        [boardls]
        root_globs = [".git"]
        command = "boardls"
        args = ["lsp"]
        settings_section = "boardls"
        [boardls.settings.boardls]
        hover.picture = "text"
        # English unless set (kakoune-lsp sends no language): "ru", "zh-CN".
        # locale = "ru"
    }
    lsp-enable-window
    lsp-inlay-hints-enable window
}
