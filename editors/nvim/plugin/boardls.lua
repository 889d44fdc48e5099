-- Board files of the three games boardls understands. Loaded at startup,
-- so it only registers the filetypes; the language server's configuration
-- is lsp/boardls.lua, read when `vim.lsp.enable('boardls')` first needs it.
vim.filetype.add({
  extension = {
    uttt = 'uttt',
    go9 = 'go9',
    tomek = 'tomek',
  },
})

-- Judge files by any name: a `.in` (or `.txt`) that the nearest
-- boardls.toml's `[files]` maps to a game gets that game's filetype; a
-- `.out` or `.ans` inside a project is an answer file (`boardls-answer`),
-- which the server checks against its input.
local function project_filetype(path)
  local toml = vim.fs.find('boardls.toml', { upward = true, path = vim.fs.dirname(path) })[1]
  if not toml then
    return nil
  end
  local root = vim.fs.dirname(toml)
  local relative = path:sub(#root + 2)
  local in_files = false
  for line in io.lines(toml) do
    local text = vim.trim(line)
    if text:sub(1, 1) == '[' then
      in_files = text:gsub('%s', '') == '[files]'
    elseif in_files then
      local glob, game = text:match('^["\']([^"\']+)["\']%s*=%s*["\'](%w+)["\']')
      if not glob then
        glob, game = text:match('^([%w_%.%*%?%-]+)%s*=%s*["\'](%w+)["\']')
      end
      if glob then
        if not glob:find('/') then
          glob = '**/' .. glob
        end
        if vim.glob.to_lpeg(glob):match(relative) then
          return game
        end
      end
    end
  end
  if path:match('%.out$') or path:match('%.ans$') then
    return 'boardls-answer'
  end
  return nil
end

vim.filetype.add({
  pattern = {
    ['.*%.in'] = project_filetype,
    ['.*%.txt'] = project_filetype,
    ['.*%.out'] = project_filetype,
    ['.*%.ans'] = project_filetype,
  },
})
