-- Colours of the cell states boardls sends as semantic tokens: the group
-- Neovim gives each token, @lsp.type.<type>.<filetype>, is linked to a
-- standard highlight group, a distinct one per state of a game. The links
-- are defaults, so a colour scheme or your own nvim_set_hl() wins:
--
--   vim.api.nvim_set_hl(0, '@lsp.type.legalMove.uttt', { fg = '#00ff00' })

local M = {}

--- Filetype -> token type -> the standard group it links to.
M.links = {
  uttt = {
    legalMove = 'DiagnosticOk', -- a cell where the next chip may go
    targetField = 'DiagnosticInfo', -- a taken cell of the field the last move sends to
    lastMove = 'DiagnosticWarn', -- the last move's cell
  },
  go9 = {
    capturePoint = 'DiagnosticOk', -- where x captures
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
