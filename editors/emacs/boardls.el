;;; boardls.el --- Board files (.uttt, .go9, .tomek) with the boardls language server  -*- lexical-binding: t; -*-

;; Version: 0.1.0
;; Package-Requires: ((emacs "28.1"))
;; Keywords: languages, games
;; SPDX-License-Identifier: MIT

;;; Commentary:

;; Three major modes, `uttt-mode', `go9-mode' and `tomek-mode', for the
;; files `.uttt', `.go9' and `.tomek', and the boardls language server
;; registered with both Emacs LSP clients:
;;
;; - eglot (built in since Emacs 29; the package `eglot' or Debian's
;;   `elpa-eglot' for Emacs 28): `M-x eglot' in a board file, or
;;   (add-hook 'boardls-mode-hook #'eglot-ensure);
;; - lsp-mode: `M-x lsp', or (add-hook 'boardls-mode-hook #'lsp-deferred).
;;
;; The server is `boardls lsp' (`boardls-program'), started with
;; `boardls-initialization-options'.  Emacs shows no images in hover, so
;; those ask for the text board: the hover is the verdict and the board as
;; text, rendered as Markdown when `markdown-mode' is installed.
;;
;; Neither client sends `initialize' a `locale', which the server words
;; its messages in: both are made to send `boardls-locale', else the
;; environment's (LC_ALL, LC_MESSAGES, LANG).  The setting `locale' in
;; `boardls-initialization-options' wins over it: with
;;   (:boardls (:locale "en" :hover (:markdownImages :json-false)))
;; the messages are in English whatever the environment.
;;
;; Load it from a checkout of boardls:
;;
;;   (add-to-list 'load-path "~/src/boardls/editors/emacs")
;;   (require 'boardls)
;;   (add-hook 'boardls-mode-hook #'eglot-ensure)

;;; Code:

(defgroup boardls nil
  "Board files of three judge games, with the boardls language server."
  :group 'languages
  :prefix "boardls-")

(defcustom boardls-program "boardls"
  "The boardls executable: a name on `exec-path' or an absolute file name."
  :type 'string)

(defcustom boardls-initialization-options
  '(:boardls (:hover (:markdownImages :json-false)))
  "The server's settings you set, sent as LSP `initializationOptions'.
A plist in the shape of the `boardls' section: for example
  (:boardls (:inlayHints (:verdicts :json-false)))
turns the verdict hints off.  Every setting left out comes from the
nearest `boardls.toml', else from the server's defaults.
`hover.markdownImages' false says that Emacs shows no images, so the
hover's picture is the text board."
  :type 'sexp)

(defcustom boardls-locale nil
  "The language of the server's messages, sent as `initialize's `locale'.
\"en\", \"ru\" or \"zh-CN\" (\"ru_RU.UTF-8\" is sent as \"ru-RU\").
nil: the environment's, the first of LC_ALL, LC_MESSAGES and LANG that
is set; when that is \"C\" or \"POSIX\", no locale is sent and the server
answers in English.  The setting `locale' in
`boardls-initialization-options' (:locale \"en\" in its :boardls plist)
wins over this.  Diagnostic codes and the judges' verdict lines are the
same in every language."
  :type '(choice (const :tag "The environment's (LC_ALL, LC_MESSAGES, LANG)" nil)
                 (const :tag "English" "en")
                 (const :tag "Russian" "ru")
                 (const :tag "Simplified Chinese" "zh-CN")
                 (string :tag "Another language tag")))

(defvar boardls-mode-hook nil
  "Run by each of `uttt-mode', `go9-mode' and `tomek-mode'.")

(defconst boardls--cell-faces
  '(("!" . font-lock-keyword-face)
    ("[xX]" . font-lock-function-name-face)
    ("[oO]" . font-lock-variable-name-face)
    ("T" . font-lock-constant-face))
  "What plain font-lock colours before the server's diagnostics arrive.")

(defun boardls--setup ()
  "Settings shared by the three board modes."
  (setq-local comment-start "# ")
  (setq-local comment-start-skip "#+[ \t]*")
  (setq-local font-lock-defaults
              (list (cons '("^[ \t]*\\(#.*\\)$" 1 font-lock-comment-face)
                          boardls--cell-faces)
                    t))
  ;; Rows are data: trailing blanks are ignored by the server, tabs are
  ;; not cells.
  (setq-local indent-tabs-mode nil)
  (run-hooks 'boardls-mode-hook))

;;;###autoload
(define-derived-mode uttt-mode prog-mode "uttt"
  "Major mode for ultimate tic-tac-toe board files (`.uttt')."
  (boardls--setup))

;;;###autoload
(define-derived-mode go9-mode prog-mode "go9"
  "Major mode for ancient go board files (`.go9')."
  (boardls--setup))

;;;###autoload
(define-derived-mode tomek-mode prog-mode "tomek"
  "Major mode for Tic-Tac-Toe-Tomek board files (`.tomek')."
  (boardls--setup))

;;;###autoload
(progn
  (add-to-list 'auto-mode-alist '("\\.uttt\\'" . uttt-mode))
  (add-to-list 'auto-mode-alist '("\\.go9\\'" . go9-mode))
  (add-to-list 'auto-mode-alist '("\\.tomek\\'" . tomek-mode)))

(defun boardls--command ()
  "The server's command line."
  (list boardls-program "lsp"))

;;; The language of the messages

(defconst boardls--windows-languages
  '(("RUS" . "ru") ("CHS" . "zh-CN") ("CHT" . "zh-TW"))
  "Windows' abbreviations of languages boardls has text in, but English's.
Emacs on MS-Windows sets LANG to one (RUS, CHS, ENU) when it is unset;
English's begin with EN (ENU, ENG).")

(defun boardls--language-tag (name)
  "The language tag of the locale NAME: \"ru_RU.UTF-8\" gives \"ru-RU\".
Windows' \"RUS\" gives \"ru\".  nil for nil, \"\", \"C\", \"POSIX\" and
Windows' abbreviations of other languages."
  (when (stringp name)
    (let ((case-fold-search nil)
          (name (replace-regexp-in-string "[.@].*\\'" "" name)))
      (cond ((member name '("" "C" "POSIX")) nil)
            ((string-match-p "\\`[a-z][a-z][a-z]?\\([_-][A-Za-z0-9]+\\)*\\'" name)
             (replace-regexp-in-string "_" "-" name))
            ((string-prefix-p "EN" name) "en")
            (t (cdr (assoc name boardls--windows-languages)))))))

(defun boardls--locale ()
  "The `locale' of `initialize': `boardls-locale', else the environment's.
Of LC_ALL, LC_MESSAGES and LANG the first that is set decides, as in the
C library; nil when it names no language."
  (if (and boardls-locale (not (equal boardls-locale "")))
      (or (boardls--language-tag boardls-locale) boardls-locale)
    (let (name)
      (dolist (variable '("LC_ALL" "LC_MESSAGES" "LANG"))
        (let ((value (getenv variable)))
          (unless (or name (null value) (equal value ""))
            (setq name value))))
      (boardls--language-tag name))))

(defun boardls--with-locale (params)
  "PARAMS of `initialize' (a plist) with the `locale' of `boardls--locale'.
A `locale' the client put there stays, unless `boardls-locale' is set."
  (let ((locale (boardls--locale)))
    (if (and locale (or boardls-locale (not (plist-member params :locale))))
        (plist-put (copy-sequence params) :locale locale)
      params)))

;;; The project root

(defconst boardls--modes '(uttt-mode go9-mode tomek-mode))

(defun boardls-project-find (dir)
  "The project of a board buffer in DIR: the nearest `boardls.toml' folder.
A problem folder is then the server's workspace, and the server reads
that file's settings.  Other buffers are left to the other functions of
`project-find-functions'."
  (when (apply #'derived-mode-p boardls--modes)
    (let ((root (locate-dominating-file dir "boardls.toml")))
      (and root (cons 'boardls root)))))

(with-eval-after-load 'project
  (cl-defmethod project-root ((project (head boardls)))
    (cdr project))
  (add-hook 'project-find-functions #'boardls-project-find))

;;; eglot

(defun boardls-eglot-contact (&optional _interactive)
  "The server for eglot: its class, command and `initializationOptions'.
The class, `boardls-eglot-server', adds the `locale' to `initialize'.
The language ids are the modes' names without `-mode': uttt, go9, tomek."
  (append (list 'boardls-eglot-server)
          (boardls--command)
          (list :initializationOptions boardls-initialization-options)))

;; `defclass', for the class of the eglot server below, which is defined
;; once eglot is loaded: the compiler does not see the predicate it makes,
;; which the method's dispatch calls.
(require 'eieio)
(declare-function boardls-eglot-server--eieio-childp "boardls")

(with-eval-after-load 'eglot
  (defvar eglot-server-programs)
  (defclass boardls-eglot-server (eglot-lsp-server) ()
    :documentation "The boardls server under eglot, told the user's language.")
  ;; eglot builds `initialize' in one piece, with no `locale' and no hook
  ;; to add one; this server's class adds it on the way out.
  (cl-defmethod jsonrpc-connection-send :around
    ((server boardls-eglot-server) &rest args)
    "Send ARGS to SERVER, with a `locale' in `initialize's params."
    (if (member (plist-get args :method) '(:initialize "initialize"))
        (apply #'cl-call-next-method server
               (plist-put (copy-sequence args) :params
                          (boardls--with-locale (plist-get args :params))))
      (apply #'cl-call-next-method server args)))
  (if (fboundp 'eglot--languages)
      ;; eglot 1.10 and later (Emacs 29): one server for the three modes,
      ;; each buffer opened with its own language id.
      (add-to-list 'eglot-server-programs
                   (cons boardls--modes #'boardls-eglot-contact))
    ;; eglot 1.9 gives every buffer of a server the language id of the
    ;; first one, and the server reads the game from it: a server per mode.
    (dolist (mode boardls--modes)
      (add-to-list 'eglot-server-programs (cons mode #'boardls-eglot-contact)))))

;;; lsp-mode

(declare-function lsp-register-client "lsp-mode")
(declare-function make-lsp-client "lsp-mode")
(declare-function lsp-stdio-connection "lsp-mode")
(declare-function lsp-activate-on "lsp-mode")
(declare-function lsp--workspace-client "lsp-mode")
(declare-function lsp--client-server-id "lsp-mode")

(defun boardls--lsp-mode-locale (args)
  "ARGS of `lsp-request-async', with a `locale' in boardls's `initialize'.
lsp-mode builds `initialize' in one piece, with no `locale' and no hook
to add one; this adds it to the request of the boardls server only."
  (let ((workspace (bound-and-true-p lsp--cur-workspace)))
    (if (and (equal (car args) "initialize")
             workspace
             (eq (lsp--client-server-id (lsp--workspace-client workspace)) 'boardls))
        (cons (car args) (cons (boardls--with-locale (cadr args)) (cddr args)))
      args)))

(with-eval-after-load 'lsp-mode
  (defvar lsp-language-id-configuration)
  (dolist (language '((uttt-mode . "uttt") (go9-mode . "go9") (tomek-mode . "tomek")))
    (add-to-list 'lsp-language-id-configuration language))
  (lsp-register-client
   (make-lsp-client
    :new-connection (lsp-stdio-connection #'boardls--command)
    :activation-fn (lsp-activate-on "uttt" "go9" "tomek")
    :initialization-options (lambda () boardls-initialization-options)
    :server-id 'boardls))
  (advice-add 'lsp-request-async :filter-args #'boardls--lsp-mode-locale))

(provide 'boardls)
;;; boardls.el ends here
