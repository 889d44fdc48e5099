" Ultimate tic-tac-toe board files (.uttt), as read by boardls.
if exists('b:current_syntax')
  finish
endif
syn case match

" Anything that is not a cell, a blank or a known line is out of place.
syn match utttInvalid /\S/
syn match utttX /x/
syn match utttO /o/
syn match utttEmpty /\./
" Cells claimed to be legal moves: their own colour.
syn match utttMarker /!/
syn match utttBadNumbers /^\s*\d.*$/
syn match utttLastMove /^\s*\d\+[ \t]\+\d\+\s*$/ contains=utttNumber
syn match utttNumber /\d\+/ contained
syn match utttComment /^\s*#.*$/

hi def link utttInvalid Error
hi def link utttBadNumbers Error
hi def link utttX Keyword
hi def link utttO String
hi def link utttEmpty NonText
hi def link utttMarker DiagnosticOk
hi def link utttNumber Number
hi def link utttComment Comment

let b:current_syntax = 'uttt'
