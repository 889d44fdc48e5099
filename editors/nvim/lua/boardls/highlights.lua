-- Colours of the cell states boardls sends as semantic tokens: the group
-- Neovim gives each token, @lsp.type.<type>.<filetype>, is linked to a
-- standard highlight group, a distinct one per state of a game. Legal
-- .uttt cells and .go9 capture points are `.` characters, which a colour
-- alone leaves next to invisible: they link to BoardlsLegalMove and
-- BoardlsCapturePoint, which link to standard groups with a background
-- (DiffAdd, DiffText), so that the cell itself is marked. The links are
-- defaults, so a colour scheme or your own nvim_set_hl() wins:
--
--   vim.api.nvim_set_hl(0, 'BoardlsLegalMove', { bg = '#1f5f2f' })
--   vim.api.nvim_set_hl(0, '@lsp.type.atari.go9', { fg = '#ff8800' })

local M = {}

--- The plugin's own groups -> the standard group each links to.
M.groups = {
  BoardlsLegalMove = 'DiffAdd', -- background of a cell where the next chip may go
  BoardlsCapturePoint = 'DiffText', -- background of a point where x captures
}

--- Filetype -> token type -> the group it links to.
M.links = {
  uttt = {
    legalMove = 'BoardlsLegalMove', -- a cell where the next chip may go
    targetField = 'DiagnosticInfo', -- a taken cell of the field the last move sends to
    lastMove = 'DiagnosticWarn', -- the last move's cell
  },
  go9 = {
    capturePoint = 'BoardlsCapturePoint', -- where x captures
    killableGroup = 'DiagnosticError', -- a stone x can capture
    atari = 'DiagnosticWarn', -- a stone of an x group with one liberty
    deadGroup = 'Comment', -- a stone of a group with no liberty
  },
  tomek = {
    winningLine = 'DiagnosticOk', -- a cell of a winning line
    joker = 'Special', -- the T
  },
}

local function link()
  for group, standard in pairs(M.groups) do
    vim.api.nvim_set_hl(0, group, { link = standard, default = true })
  end
  for filetype, types in pairs(M.links) do
    for token_type, group in pairs(types) do
      vim.api.nvim_set_hl(0, ('@lsp.type.%s.%s'):format(token_type, filetype), { link = group, default = true })
    end
  end
end

--- Sets the links, and sets them again after every `:colorscheme` (which
--- clears them). Cheap, and safe to call any number of times.
function M.setup()
  link()
  if M.augroup == nil then
    M.augroup = vim.api.nvim_create_augroup('boardls_highlights', { clear = true })
    vim.api.nvim_create_autocmd('ColorScheme', { group = M.augroup, callback = link })
  end
end

return M
