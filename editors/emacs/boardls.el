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
  "The server for eglot: its command and `initializationOptions'.
The language ids are the modes' names without `-mode': uttt, go9, tomek."
  (append (boardls--command)
          (list :initializationOptions boardls-initialization-options)))

(with-eval-after-load 'eglot
  (defvar eglot-server-programs)
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

(with-eval-after-load 'lsp-mode
  (defvar lsp-language-id-configuration)
  (dolist (language '((uttt-mode . "uttt") (go9-mode . "go9") (tomek-mode . "tomek")))
    (add-to-list 'lsp-language-id-configuration language))
  (lsp-register-client
   (make-lsp-client
    :new-connection (lsp-stdio-connection #'boardls--command)
    :activation-fn (lsp-activate-on "uttt" "go9" "tomek")
    :initialization-options (lambda () boardls-initialization-options)
    :server-id 'boardls)))

(provide 'boardls)
;;; boardls.el ends here
