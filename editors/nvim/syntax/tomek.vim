" Tic-Tac-Toe-Tomek board files (.tomek), as read by boardls.
if exists('b:current_syntax')
  finish
endif
syn case match

syn match tomekInvalid /\S/
syn match tomekX /X/
syn match tomekO /O/
syn match tomekT /T/
syn match tomekEmpty /\./
syn match tomekCount /^\s*\d\+\s*$/
syn match tomekComment /^\s*#.*$/

hi def link tomekInvalid Error
hi def link tomekX Keyword
hi def link tomekO String
hi def link tomekT Type
hi def link tomekEmpty NonText
hi def link tomekCount Number
hi def link tomekComment Comment

let b:current_syntax = 'tomek'
