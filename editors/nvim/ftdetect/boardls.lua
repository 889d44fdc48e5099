-- Board files of the three games boardls understands.
vim.filetype.add({
  extension = {
    uttt = 'uttt',
    go9 = 'go9',
    tomek = 'tomek',
  },
})
