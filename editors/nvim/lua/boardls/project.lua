-- What the plugin needs of `boardls.toml` (the server reads the rest): the
-- `[files]` globs, so that a judge file such as `tests/01.in` gets its
-- game's filetype, and the answer names, so that its answer files
-- (`tests/01.out`) get the filetype `boardls_answer` and reach the server,
-- which checks them. The file is found as the server finds it: the nearest
-- one in the file's folder or above.

local M = {}

M.FILE_NAME = 'boardls.toml'
--- The filetype of answer files: the judge's expected output for an input.
M.ANSWER_FILETYPE = 'boardls_answer'
local GAMES = { uttt = true, go9 = true, tomek = true }
--- The server's default answer names (src/project/pairing.rs).
local DEFAULT_ANSWER_NAMES = { '{stem}.out', '{stem}.ans', '{name}.out', '{name}.ans' }

-- One line of TOML, read left to right.
local Scanner = {}
Scanner.__index = Scanner

local function scanner(line)
  return setmetatable({ line = line, at = 1 }, Scanner)
end

function Scanner:blanks()
  self.at = self.line:find('[^ \t]', self.at) or (#self.line + 1)
end

function Scanner:at_end()
  return self.at > #self.line or self.line:sub(self.at, self.at) == '#'
end

function Scanner:take(c)
  self:blanks()
  if self.line:sub(self.at, self.at) ~= c then
    return false
  end
  self.at = self.at + 1
  return true
end

function Scanner:rest()
  self:blanks()
  return self:at_end()
end

local ESCAPES = { ['"'] = '"', ['\\'] = '\\', n = '\n', t = '\t', r = '\r', b = '\b', f = '\f' }

-- A basic ("…", with escapes) or literal ('…') one-line string.
function Scanner:string()
  local quote = self.line:sub(self.at, self.at)
  if quote ~= '"' and quote ~= "'" then
    return nil
  end
  self.at = self.at + 1
  local parts = {}
  while self.at <= #self.line do
    local c = self.line:sub(self.at, self.at)
    self.at = self.at + 1
    if c == quote then
      return table.concat(parts)
    end
    if c == '\\' and quote == '"' then
      local escaped = self.line:sub(self.at, self.at)
      self.at = self.at + 1
      if ESCAPES[escaped] then
        table.insert(parts, ESCAPES[escaped])
      elseif escaped == 'u' or escaped == 'U' then
        local digits = escaped == 'u' and 4 or 8
        local hex = self.line:sub(self.at, self.at + digits - 1)
        if #hex ~= digits or not hex:match('^%x+$') then
          return nil
        end
        table.insert(parts, vim.fn.nr2char(tonumber(hex, 16)))
        self.at = self.at + digits
      else
        return nil
      end
    else
      table.insert(parts, c)
    end
  end
  return nil
end

-- A dotted key, as its parts.
function Scanner:key()
  local parts = {}
  repeat
    self:blanks()
    local part = self:string()
    if part == nil then
      part = self.line:match('^[%w_$-]+', self.at)
      if part ~= nil then
        self.at = self.at + #part
      end
    end
    if part == nil then
      return nil
    end
    table.insert(parts, part)
  until not self:take('.')
  return parts
end

-- A string, a one-line array of strings, or another value (vim.NIL).
function Scanner:value()
  self:blanks()
  local c = self.line:sub(self.at, self.at)
  if c == '"' or c == "'" then
    return self:string()
  end
  if c == '[' then
    self.at = self.at + 1
    local items = {}
    while true do
      if self:take(']') then
        return items
      end
      self:blanks()
      local item = self:string()
      if item == nil then
        return nil
      end
      table.insert(items, item)
      if not self:take(',') then
        return self:take(']') and items or nil
      end
    end
  end
  -- true, false, a number: not a value the plugin reads.
  local other = self.line:match('^[%w_+.:-]+', self.at)
  if other == nil then
    return nil
  end
  self.at = self.at + #other
  return vim.NIL
end

--- The keys of a project file (their parts joined by '.') and their
--- values, read with the part of TOML such a file uses: table headers,
--- bare, quoted and dotted keys, basic and literal strings, one-line arrays
--- of strings, comments. Any other value reads as vim.NIL. nil when a line
--- is none of these: a file the plugin cannot read maps nothing.
---@param text string
---@return { key: string[], value: any }[]?
function M.read_toml(text)
  local entries = {}
  local tbl = {}
  for line in (text .. '\n'):gmatch('([^\n]*)\n') do
    local scan = scanner((line:gsub('\r$', '')))
    scan:blanks()
    if not scan:at_end() then
      if scan:take('[') then
        if scan:take('[') then
          return nil -- an array of tables: no key of a project file
        end
        local header = scan:key()
        if header == nil or not scan:take(']') or not scan:rest() then
          return nil
        end
        tbl = header
      else
        local key = scan:key()
        if key == nil or not scan:take('=') then
          return nil
        end
        local value = scan:value()
        if value == nil or not scan:rest() then
          return nil
        end
        table.insert(entries, { key = vim.list_extend(vim.deepcopy(tbl), key), value = value })
      end
    end
  end
  return entries
end

local function is_answer_name(name)
  local _, stems = name:gsub('{stem}', '')
  local _, names = name:gsub('{name}', '')
  return stems + names == 1 and not name:find('[/\\]')
end

--- What a project file's text says: `files` ({ glob, game, match }, in
--- file order) and `answer_names` (when set); nil when unreadable.
---@param text string
function M.parse(text)
  local entries = M.read_toml(text)
  if entries == nil then
    return nil
  end
  local project = { files = {} }
  for _, entry in ipairs(entries) do
    local key, value = entry.key, entry.value
    if #key == 2 and key[1] == 'files' and type(value) == 'string' and GAMES[value] then
      -- As the server reads a glob (src/project/globs.rs): relative to the
      -- file's folder; without a `/` it matches a name at any depth.
      local glob = key[2]:gsub('^%./', '')
      if not glob:find('/', 1, true) then
        glob = '**/' .. glob
      end
      local ok, match = pcall(vim.glob.to_lpeg, glob)
      if ok then
        table.insert(project.files, { glob = key[2], game = value, match = match })
      end
    elseif #key == 2 and key[1] == 'answers' and key[2] == 'names' and type(value) == 'table' then
      project.answer_names = vim.tbl_filter(is_answer_name, value)
    end
  end
  return project
end

-- Project files read so far: path → { mtime, project }.
local cache = {}

--- The nearest `boardls.toml` at or above `path`'s folder, if any.
---@param path string
---@return string?
function M.find(path)
  return vim.fs.find(M.FILE_NAME, { upward = true, path = vim.fs.dirname(path), type = 'file', limit = 1 })[1]
end

--- The project file at `file` (read again when it changed on disk); nil
--- when it cannot be read.
---@param file string
function M.load(file)
  local stat = vim.uv.fs_stat(file)
  if stat == nil then
    cache[file] = nil
    return nil
  end
  local mtime = stat.mtime.sec * 1e9 + stat.mtime.nsec
  local known = cache[file]
  if known ~= nil and known.mtime == mtime then
    return known.project
  end
  local f = io.open(file, 'rb')
  local project = f and M.parse(f:read('*a')) or nil
  if f then
    f:close()
  end
  cache[file] = { mtime = mtime, project = project }
  return project
end

--- The game the project file `file` maps `path` to (its first matching
--- glob), if any.
local function mapped_in(file, path)
  local project = file and M.load(file)
  if project == nil then
    return nil
  end
  local root = vim.fs.dirname(file)
  if path:sub(1, #root + 1) ~= root .. '/' then
    return nil
  end
  local relative = path:sub(#root + 2)
  for _, entry in ipairs(project.files) do
    if entry.match:match(relative) then
      return entry.game
    end
  end
  return nil
end

--- The game of a file: mapped by the nearest project file, else its extension.
local function game_of(file, path)
  return mapped_in(file, path) or (GAMES[path:match('%.([^./]+)$') or ''] and path:match('%.([^./]+)$'))
end

--- Rust's file_stem: the name without its last extension (`.hidden` stays).
local function stem(name)
  return name:match('^(.+)%.[^.]*$') or name
end

--- The board file beside the answer file `path` whose answers it holds
--- (as the server pairs them, src/project/found.rs), if any.
local function input_of(file, path)
  if game_of(file, path) then
    return nil
  end
  local project = file and M.load(file)
  local names = project and project.answer_names or DEFAULT_ANSWER_NAMES
  local folder, name = vim.fs.dirname(path), vim.fs.basename(path)
  local listed
  for _, pattern in ipairs(names) do
    local placeholder = pattern:find('{stem}', 1, true) and '{stem}' or '{name}'
    local at = pattern:find(placeholder, 1, true)
    local prefix, suffix = pattern:sub(1, at - 1), pattern:sub(at + #placeholder)
    local middle = name:sub(1, #prefix) == prefix and name:sub(#name - #suffix + 1) == suffix
      and name:sub(#prefix + 1, #name - #suffix) or ''
    if middle ~= '' and #name > #prefix + #suffix then
      if placeholder == '{name}' then
        local input = folder .. '/' .. middle
        if vim.uv.fs_stat(input) and game_of(file, input) then
          return input
        end
      else
        if listed == nil then
          listed = {}
          for entry, kind in vim.fs.dir(folder) do
            if kind == 'file' then
              table.insert(listed, folder .. '/' .. entry)
            end
          end
          table.sort(listed)
        end
        for _, input in ipairs(listed) do
          if stem(vim.fs.basename(input)) == middle and game_of(file, input) then
            return input
          end
        end
      end
    end
  end
  return nil
end

--- The filetype boardls gives `path`: the game its nearest project file
--- maps it to, or `boardls_answer` for the answer file of a board file
--- beside it; nil for any other file (left to Neovim's own detection).
---@param path string
---@return string?
function M.filetype(path)
  if path == '' or path:find('^%w+://') then
    return nil
  end
  path = vim.fs.normalize(vim.fn.fnamemodify(path, ':p'))
  local file = M.find(path)
  local game = mapped_in(file, path)
  if game ~= nil then
    return game
  end
  if input_of(file, path) ~= nil then
    return M.ANSWER_FILETYPE
  end
  return nil
end

return M
