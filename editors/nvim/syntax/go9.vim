" Ancient go board files (.go9), as read by boardls.
if exists('b:current_syntax')
  finish
endif
syn case match

syn match go9Invalid /\S/
syn match go9X /x/
syn match go9O /o/
syn match go9Empty /\./
syn match go9Count /^\s*\d\+\s*$/
syn match go9Comment /^\s*#.*$/

hi def link go9Invalid Error
hi def link go9X Keyword
hi def link go9O String
hi def link go9Empty NonText
hi def link go9Count Number
hi def link go9Comment Comment

let b:current_syntax = 'go9'
