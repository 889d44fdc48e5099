;;; emacs_e2e.el --- boardls in a real Emacs with eglot  -*- lexical-binding: t; -*-

;; Run by tests/editors/run.sh:
;;
;;   BOARDLS=/path/to/boardls emacs --batch -L editors/emacs -l tests/editors/emacs_e2e.el
;;
;; The user's whole configuration is editors/emacs/boardls.el and
;; `eglot-ensure' in `boardls-mode-hook'.  The test takes the steps of
;; tests/editors/scenario.json that eglot has a feature for: opening a
;; file, its diagnostics (Flymake, as eglot reports them), hover (the text
;; eldoc shows), code actions (`eglot-code-actions', picking the title),
;; formatting (`eglot-format-buffer'), edits, the buffer's text, hover
;; pictures (the text board) and the diagnostics settings
;; (`eglot-workspace-configuration' and didChangeConfiguration).  Inlay
;; hints, semantic tokens, symbols and folds are not in eglot 1.9: those
;; ops (`e2e-not-in-eglot') are counted apart; any other op fails.  Then
;; the `problem_steps' (a setter's problem folder, its .in mapped to
;; tomek by boardls.toml and its .out an answer file), and lsp-mode's
;; registration (lsp-mode is installed by install.sh: its absence
;; fails).  A step eglot has no feature for is a skip: it writes a record
;; to the file BOARDLS_SKIP_RECORDS names (tests/skips.sh), and
;; tests/allowed-skips.txt allows it.  Ends with `N passed, N failed', and
;; fails unless it took `e2e-expected-checks' checks.

;;; Code:

(require 'package)
(package-initialize)
(require 'cl-lib)
(require 'json)
(require 'subr-x)
(require 'eglot)
(require 'flymake)
(require 'boardls)

(defconst e2e-expected-checks 89
  "How many checks a whole run takes: fewer (a step list renamed in
scenario.json, a step left out) fails it, and a check added raises this.")

(defconst e2e-here (file-name-directory (or load-file-name buffer-file-name)))
(defconst e2e-timeout 15 "Seconds a check waits before it gives up.")
(defvar e2e-passed 0)
(defvar e2e-failed 0)
(defvar e2e-skipped 0)
(defvar e2e-published (make-hash-table :test #'equal)
  "File name -> the document version of the last diagnostics published.")

(defun e2e-say (format-string &rest args)
  (princ (concat (apply #'format format-string args) "\n")))

(defun e2e-check (ok what &optional expected seen)
  "Count OK as a pass or a failure of WHAT; a failure shows EXPECTED and SEEN."
  (if ok
      (progn (cl-incf e2e-passed) (e2e-say "ok: %s" what))
    (cl-incf e2e-failed)
    (e2e-say "FAILED: %s\n  expected: %S\n  saw:      %S" what expected seen)))

(defun e2e-skip (test reason)
  "Skip TEST for REASON: say so, and write its record (tests/skips.sh)."
  (let ((field (lambda (text) (replace-regexp-in-string "[\t\n\r]" " " text)))
        (records (getenv "BOARDLS_SKIP_RECORDS")))
    (cl-incf e2e-skipped)
    (e2e-say "SKIPPED: emacs: %s (%s)" test reason)
    (when (and records (not (string-empty-p records)))
      (write-region (format "emacs\t%s\t%s\n" (funcall field test) (funcall field reason))
                    nil records 'append 'silent))))

(defun e2e-wait (predicate)
  "Wait until PREDICATE returns non-nil, at most `e2e-timeout' seconds.
Returns its value, or nil."
  (let ((deadline (+ (float-time) e2e-timeout))
        value)
    (while (and (not (setq value (funcall predicate)))
                (< (float-time) deadline))
      (accept-process-output nil 0.05))
    value))

;; Which document version each publishDiagnostics was for.
(cl-defmethod eglot-handle-notification :after
  (_server (_method (eql textDocument/publishDiagnostics)) &key uri version
           &allow-other-keys)
  (puthash (expand-file-name (eglot--uri-to-path uri)) version e2e-published))

;;; The user's configuration.

(setq boardls-program (or (getenv "BOARDLS") "boardls"))
(add-hook 'boardls-mode-hook #'eglot-ensure)
(setq eglot-send-changes-idle-time 0.05)
;; eglot asks before applying a server's edit in some versions.
(setq eglot-confirm-server-initiated-edits nil)

(defconst e2e-fixtures (expand-file-name "fixtures/" e2e-here))
(defconst e2e-work (file-name-as-directory (make-temp-file "boardls-emacs-" t)))
(copy-directory e2e-fixtures e2e-work nil nil t)
;; A project root, as a checkout of the user's files would have.
(make-directory (expand-file-name ".git" e2e-work) t)

(defconst e2e-scenario
  (let ((json-object-type 'plist) (json-array-type 'list) (json-key-type 'keyword)
        (json-false :false) (json-null :null))
    (json-read-file (expand-file-name "scenario.json" e2e-here))))

;;; Positions and text.

(defun e2e-goto (line character)
  "Point at 0-based LINE and CHARACTER (the fixtures are ASCII)."
  (goto-char (point-min))
  (forward-line line)
  (forward-char (min character (- (line-end-position) (point)))))

(defun e2e-line (line)
  (save-excursion
    (goto-char (point-min))
    (forward-line line)
    (buffer-substring-no-properties (line-beginning-position) (line-end-position))))

(defun e2e-file-lines (file)
  (with-temp-buffer
    (insert-file-contents (expand-file-name file e2e-fixtures))
    (split-string (string-trim-right (buffer-string) "\n+") "\n")))

(defun e2e-lines-at (start count)
  (cl-loop for i from start below (+ start count) collect (e2e-line i)))

;;; Diagnostics.

(defun e2e-diagnostics-now ()
  "The buffer's diagnostics as eglot reported them to Flymake:
plists with :line :character :end_character :severity."
  ;; Flymake asks its backends on an idle timer, which never fires in
  ;; batch mode; a user's idle Emacs does the same as this call.
  (flymake-start)
  (cl-loop for diag in (flymake-diagnostics)
           for spec = (cdr (assoc 'eglot-lsp-diag (flymake-diagnostic-data diag)))
           for range = (plist-get spec :range)
           collect (list :line (plist-get (plist-get range :start) :line)
                         :character (plist-get (plist-get range :start) :character)
                         :end_character (plist-get (plist-get range :end) :character)
                         :severity (pcase (flymake-diagnostic-type diag)
                                     ('eglot-error "error")
                                     ('eglot-warning "warning")
                                     (_ "information")))))

(defun e2e-diagnostics-match (step diags)
  "Nil when DIAGS are what STEP expects, else why not."
  (let ((count-of (lambda (severity)
                    (cl-count severity diags :key (lambda (d) (plist-get d :severity))
                              :test #'equal))))
    (or (when-let ((count (plist-get step :count)))
          (unless (= count (length diags)) (format "%d diagnostics" (length diags))))
        (cl-loop for (key . severity) in '((:errors . "error") (:warnings . "warning")
                                           (:information . "information"))
                 for want = (plist-get step key)
                 when (and want (/= want (funcall count-of severity)))
                 return (format "%d of severity %s" (funcall count-of severity) severity))
        (cl-loop for want in (plist-get step :expect)
                 unless (cl-find-if
                         (lambda (d)
                           (cl-loop for key in '(:line :character :end_character :severity)
                                    for value = (plist-get want key)
                                    always (or (null value) (equal value (plist-get d key)))))
                         diags)
                 return (format "none like %S" want)))))

(defun e2e-diagnostics (step)
  (let* ((file (expand-file-name buffer-file-name))
         (why nil)
         (current (lambda ()
                    (eglot--signal-textDocument/didChange)
                    (and (equal (gethash file e2e-published) eglot--versioned-identifier)
                         (not (setq why (e2e-diagnostics-match step (e2e-diagnostics-now))))))))
    (setq why "no diagnostics for the document's current version")
    (e2e-wait current)
    (e2e-check (null why) (format "diagnostics: %s" (plist-get step :what))
               step (list why (e2e-diagnostics-now)))))

;;; Hover: what eldoc shows.

(defun e2e-hover-text ()
  "The hover at point, rendered by eglot as eldoc shows it."
  (let (text)
    (eglot-hover-eldoc-function (lambda (doc &rest _) (setq text (or doc ""))))
    (e2e-wait (lambda () text))
    text))

(defun e2e-hover (step)
  (e2e-goto (plist-get step :line) (plist-get step :character))
  (let* ((want (plist-get step :has_line))
         (text (e2e-wait (lambda ()
                           (let ((text (e2e-hover-text)))
                             (and text (member want (split-string text "\n")) text))))))
    (e2e-check text (format "hover at %d:%d" (plist-get step :line) (plist-get step :character))
               want (e2e-hover-text))))

(defun e2e-hover-picture (step)
  (e2e-goto (plist-get step :line) (plist-get step :character))
  (let* ((want (plist-get step :text_line))
         (text (e2e-hover-text))
         (lines (and text (split-string text "\n"))))
    (e2e-check (and (member want lines) (not (string-match-p "data:image" text)))
               (format "hover picture (text board): %s" (plist-get step :what))
               want text)))

;;; Code actions, formatting, edits.

(defun e2e-action (step)
  (e2e-goto (plist-get step :line) (plist-get step :character))
  (let* ((title (plist-get step :title))
         (kind (plist-get step :kind))
         (before (buffer-string))
         (offered nil)
         (what (format "code action %s at %d:%d" (or title kind)
                       (plist-get step :line) (plist-get step :character))))
    (condition-case err
        (cl-letf (((symbol-function 'completing-read)
                   (lambda (_prompt items &rest _)
                     (setq offered (mapcar #'car items))
                     (or title (caar items)))))
          ;; Not a mouse event: eglot asks with completing-read.
          (let ((last-nonmenu-event ?a))
            (eglot-code-actions (point) nil kind t))
          (e2e-check (e2e-wait (lambda () (not (equal before (buffer-string)))))
                     what "the buffer changed" offered))
      (error (e2e-check nil what title (list offered (error-message-string err)))))))

(defun e2e-format (step)
  (let ((before (buffer-string))
        (what (format "format: %s" (plist-get step :what))))
    (condition-case err
        (progn
          (eglot-format-buffer)
          (if (plist-get step :unchanged)
              (e2e-check (equal before (buffer-string)) what before (buffer-string))
            (let ((want (plist-get step :lines)))
              (e2e-check (equal want (split-string (string-trim-right (buffer-string) "\n+") "\n"))
                         what want (buffer-string)))))
      (error
       ;; A document it cannot format is an error answer: nothing changes.
       (e2e-check (and (plist-get step :unchanged) (equal before (buffer-string)))
                  what "no change" (error-message-string err))))))

(defun e2e-edit (step)
  (e2e-goto (plist-get step :line) (plist-get step :character))
  (let ((start (point)))
    (e2e-goto (plist-get step :line) (plist-get step :end_character))
    (delete-region start (point))
    (goto-char start)
    (insert (plist-get step :text)))
  (e2e-check (equal (e2e-line (plist-get step :line)) (plist-get step :line_after))
             (format "edit: %s" (plist-get step :what))
             (plist-get step :line_after) (e2e-line (plist-get step :line))))

(defun e2e-text (step)
  (let* ((want (or (plist-get step :lines) (e2e-file-lines (plist-get step :file))))
         (start (plist-get step :start))
         (seen (e2e-wait (lambda ()
                           (let ((seen (e2e-lines-at start (length want))))
                             (and (equal seen want) seen))))))
    (e2e-check seen (format "text: %s" (plist-get step :what))
               want (e2e-lines-at start (length want)))))

(defun e2e-setting (step)
  "Sets one server setting as a user of eglot does: the workspace
configuration, then didChangeConfiguration."
  (let* ((path (mapcar #'intern (split-string (plist-get step :key) "\\.")))
         (value (if (eq (plist-get step :value) :false) :json-false t))
         (section (list (intern (format ":%s" (car path)))
                        (list (intern (format ":%s" (cadr path))) value))))
    (setq-default eglot-workspace-configuration (list :boardls section))
    (eglot-signal-didChangeConfiguration (eglot-current-server))
    ;; The next diagnostics step checks that the server took it.
    (e2e-say "set: %s" (plist-get step :what))))

(defun e2e-open (step)
  (let ((file (expand-file-name (plist-get step :file) e2e-work)))
    (switch-to-buffer (find-file-noselect file))
    ;; eglot-ensure connects after the next command; there is none in batch.
    (run-hooks 'post-command-hook)
    (e2e-check (and (e2e-wait (lambda () (and (eglot-current-server) eglot--managed-mode)))
                    (equal (symbol-name major-mode)
                           (format "%s-mode" (plist-get step :filetype))))
               (format "open %s: %s, eglot manages it" (plist-get step :file)
                       (plist-get step :filetype))
               (plist-get step :filetype) (list major-mode (eglot-current-server)))))

(defun e2e-cell (step)
  (let* ((want (plist-get step :equals))
         (seen-at (lambda ()
                    (let ((line (e2e-line (plist-get step :line)))
                          (at (plist-get step :character)))
                      (if (< at (length line)) (substring line at (1+ at)) ""))))
         (ok (e2e-wait (lambda () (equal (funcall seen-at) want)))))
    (e2e-check ok (format "cell %d:%d is %s" (plist-get step :line)
                          (plist-get step :character) want)
               want (funcall seen-at))))

(defconst e2e-not-in-eglot
  '(("inlay" . "eglot 1.9 has no inlay hints")
    ("no_inlay" . "eglot 1.9 has no inlay hints")
    ("tokens" . "eglot 1.9 has no semantic tokens")
    ("symbols" . "eglot 1.9 has no feature for the symbols step")
    ("folds" . "eglot 1.9 has no folding ranges"))
  "Ops of scenario.json for features eglot 1.9 does not have, and why.")

(defun e2e-run (steps)
  (dolist (step steps)
    (let ((op (plist-get step :op)))
      (condition-case err
          (pcase op
            ("open" (e2e-open step))
            ("diagnostics" (e2e-diagnostics step))
            ("hover" (e2e-hover step))
            ("hover_picture" (e2e-hover-picture step))
            ("action" (e2e-action step))
            ("format" (e2e-format step))
            ("edit" (e2e-edit step))
            ("text" (e2e-text step))
            ("cell" (e2e-cell step))
            ("setting"
             (if (string-prefix-p "diagnostics." (plist-get step :key))
                 (e2e-setting step)
               ;; The other settings are the inlay hints'.
               (e2e-skip "scenario op setting (inlay hints)" "eglot 1.9 has no inlay hints")))
            ((pred (lambda (op) (assoc op e2e-not-in-eglot)))
             (e2e-skip (format "scenario op %s" op) (cdr (assoc op e2e-not-in-eglot))))
            (_ (e2e-check nil (format "an op this test knows: %s" op) e2e-not-in-eglot step)))
        (error (e2e-check nil (format "%s step" op) step (error-message-string err)))))))

(e2e-say "# Emacs %s, eglot %s, server %s" emacs-version
         (or (and (fboundp 'package-get-version) (ignore-errors (package-desc-version
                                                                  (cadr (assq 'eglot package-alist)))))
             "built in")
         (string-trim (shell-command-to-string
                       (concat (shell-quote-argument boardls-program) " --version"))))
(let ((steps (plist-get e2e-scenario :steps)))
  (e2e-check steps "scenario.json has steps" "steps" steps)
  (e2e-run steps))

;; A board file in the problem folder: its project, and so eglot's
;; workspace, is the folder of its boardls.toml, not the checkout's.
(copy-file (expand-file-name "sample.tomek" e2e-work)
           (expand-file-name "problem/tests/board.tomek" e2e-work))
(e2e-open '(:file "problem/tests/board.tomek" :filetype "tomek"))
(let ((root (file-name-as-directory (expand-file-name "problem" e2e-work)))
      (server (eglot-current-server)))
  (e2e-check (and server (equal (file-name-as-directory (project-root (eglot--project server))) root))
             "problem/tests/board.tomek: the server's root is the folder of boardls.toml"
             root (and server (project-root (eglot--project server)))))

;; The problem folder (fixtures/problem): its boardls.toml maps tests/*.in
;; to tomek, and tests/01.out is the answer file of tests/01.in.  boardls.el
;; names no mode for them, so the user's configuration here does: the
;; server reads the game of an .in from boardls.toml and knows an answer
;; file by its path, whatever the language id.
(define-derived-mode e2e-answer-mode text-mode "answer"
  "An answer file of a problem folder, served by boardls."
  (run-hooks 'boardls-mode-hook))
(add-to-list 'auto-mode-alist '("/problem/tests/[^/]*\\.in\\'" . tomek-mode))
(add-to-list 'auto-mode-alist '("/problem/tests/[^/]*\\.out\\'" . e2e-answer-mode))
(add-to-list 'eglot-server-programs (cons 'e2e-answer-mode #'boardls-eglot-contact))
(defun e2e-problem-open (step)
  "An open step of the problem folder: filetype boardls_answer is the
answer mode here."
  (if (equal (plist-get step :filetype) "boardls_answer")
      (e2e-open (plist-put (copy-sequence step) :filetype "e2e-answer"))
    (e2e-open step)))
(let ((steps (plist-get e2e-scenario :problem_steps)))
  (e2e-check steps "scenario.json has problem_steps" "steps" steps)
  (dolist (step steps)
    (if (equal (plist-get step :op) "open")
        (condition-case err
            (e2e-problem-open step)
          (error (e2e-check nil "open step" step (error-message-string err))))
      (e2e-run (list step)))))

;; One run in Simplified Chinese (scenario.json's `chinese'): the user
;; sets `boardls-locale' to "zh-CN", and the next server eglot starts,
;; here for a folder of its own, sends it as initialize's locale.
(defun e2e-han-p (text)
  "Whether TEXT has a Han character (U+4E00-U+9FFF)."
  (and text (string-match-p "[\u4e00-\u9fff]" text)))

(defun e2e-words-in (text words)
  "The entries of WORDS that begin a word of TEXT, in any case."
  (cl-remove-if-not
   (lambda (word) (string-match-p (concat "\\(?:\\`\\|[^a-z]\\)" word) (downcase (or text ""))))
   words))

(let* ((want (plist-get e2e-scenario :chinese))
       (file (plist-get want :file))
       (line (plist-get want :line))
       (character (plist-get want :character))
       (folder (expand-file-name "zh/" e2e-work))
       diagnostic)
  (make-directory (expand-file-name ".git" folder) t)
  (copy-file (expand-file-name file e2e-fixtures) (expand-file-name file folder))
  (setq boardls-locale "zh-CN")
  (e2e-open (list :file (concat "zh/" file) :filetype (plist-get want :filetype)))
  (e2e-wait (lambda ()
              (flymake-start)
              (setq diagnostic
                    (cl-find-if (lambda (diag)
                                  (let ((start (plist-get (plist-get (cdr (assoc 'eglot-lsp-diag
                                                                                  (flymake-diagnostic-data diag)))
                                                                     :range)
                                                          :start)))
                                    (and (equal (plist-get start :line) line)
                                         (equal (plist-get start :character) character))))
                                (flymake-diagnostics)))))
  (let* ((spec (and diagnostic (cdr (assoc 'eglot-lsp-diag (flymake-diagnostic-data diagnostic)))))
         (text (and diagnostic (flymake-diagnostic-text diagnostic)))
         (english (e2e-words-in text (plist-get want :english_words))))
    (e2e-check (and diagnostic (equal (plist-get spec :code) (plist-get want :code))
                    (e2e-han-p text) (null english))
               (format "zh-CN: zh/%s: the diagnostic at %d:%d is %s, its message in Chinese"
                       file line character (plist-get want :code))
               want (list :locale (boardls--locale) :english english :code (plist-get spec :code) :text text)))
  (e2e-goto line character)
  (let ((text (e2e-hover-text)))
    (e2e-check (and (e2e-han-p text) (member (plist-get want :hover_line) (split-string text "\n")))
               (format "zh-CN: zh/%s: the hover at %d:%d is in Chinese, with the line %s"
                       file line character (plist-get want :hover_line))
               (plist-get want :hover_line) (and text (substring-no-properties text))))
  (setq boardls-locale nil))

;; lsp-mode: not driven, but the configuration must register the server
;; with it as documented (its command, modes, language ids and options).
;; install.sh installs it: its absence is a failure, not a skip.
(if (not (require 'lsp-mode nil t))
    (e2e-check nil "lsp-mode is installed (tests/editors/install.sh)" 'lsp-mode nil)
  (let ((client (gethash 'boardls lsp-clients)))
    (e2e-check client "lsp-mode: the boardls client is registered" 'boardls nil)
    (when client
      (e2e-check (funcall (plist-get (lsp--client-new-connection client) :test?))
                 "lsp-mode: the server's command is found" boardls-program nil)
      (e2e-check (equal (funcall (lsp--client-initialization-options client))
                        boardls-initialization-options)
                 "lsp-mode: the initialization options" boardls-initialization-options
                 (funcall (lsp--client-initialization-options client)))
      (dolist (file '("broken.uttt" "capture.go9" "sample.tomek"))
        (with-current-buffer (find-file-noselect (expand-file-name file e2e-work))
          (let ((id (file-name-extension file)))
            (e2e-check (and (equal (lsp-buffer-language) id)
                            (funcall (lsp--client-activation-fn client)
                                     buffer-file-name major-mode))
                       (format "lsp-mode: %s starts the server with language id %s" file id)
                       id (lsp-buffer-language))))))))
(e2e-say "# skipped %d steps eglot has no feature for (inlay hints, tokens, symbols, folds)"
         e2e-skipped)
(ignore-errors (eglot-shutdown-all))
(delete-directory e2e-work t)
(let ((taken (+ e2e-passed e2e-failed)))
  (unless (= taken e2e-expected-checks)
    (e2e-check nil (format "the run took %d checks, e2e-expected-checks says %d" taken e2e-expected-checks)
               e2e-expected-checks taken)))
(e2e-say "%d passed, %d failed" e2e-passed e2e-failed)
(kill-emacs (if (and (zerop e2e-failed) (> e2e-passed 0)) 0 1))

;;; emacs_e2e.el ends here
