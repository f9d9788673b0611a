;;; driver.el --- drives Emacs + eglot for tests/e2e/test_emacs.py  -*- lexical-binding: t -*-
;; Not part of the README snippet: loaded after it. Opens the file named by DOCFACT_EMACS_FILE,
;; connects as the command loop would, saves, and writes what a user would see as JSON to
;; DOCFACT_EMACS_OUT: flymake diagnostics, the eldoc text at DOCFACT_EMACS_LINE/COL, the code
;; action applied (DOCFACT_EMACS_ACTION) and the diagnostics after saving the fixed file.
(require 'cl-lib)
(require 'json)
(require 'flymake)

(defvar docfact-result nil "Alist written to DOCFACT_EMACS_OUT.")
(defvar docfact-transcript nil "Lines describing each step, newest first.")

(defun docfact-log (fmt &rest args)
  (let ((line (apply #'format fmt args)))
    (push line docfact-transcript)
    (message "[driver] %s" line)))

(defun docfact-wait (what pred seconds)
  "Process events until PRED is non-nil; signal an error naming WHAT after SECONDS."
  (let ((deadline (+ (float-time) seconds)))
    (while (and (not (funcall pred)) (< (float-time) deadline))
      (accept-process-output nil 0.05)
      (sit-for 0.01))
    (or (funcall pred) (error "Timed out after %ss waiting for %s" seconds what))))

(defun docfact-diagnostics ()
  "Flymake's docfact diagnostics of the buffer: (CODE LINE TEXT), sorted by line."
  (sort (cl-loop for d in (flymake-diagnostics)
                 for lsp = (cdr (assoc 'eglot-lsp-diag (eglot--diag-data d)))
                 when (equal (plist-get lsp :source) "docfact")
                 collect (list (plist-get lsp :code)
                               (line-number-at-pos (flymake-diagnostic-beg d))
                               (flymake-diagnostic-text d)))
        (lambda (a b) (< (cadr a) (cadr b)))))

(defun docfact-json (diagnostics)
  "DIAGNOSTICS as vectors, so that json-encode writes arrays, not objects."
  (vconcat (mapcar #'vconcat diagnostics)))

(defun docfact-goto (line col)
  (goto-char (point-min))
  (forward-line (1- line))
  (move-to-column col))

(defun docfact-run ()
  (let* ((file (getenv "DOCFACT_EMACS_FILE"))
         (expect (string-to-number (getenv "DOCFACT_EMACS_EXPECT")))
         (line (string-to-number (getenv "DOCFACT_EMACS_LINE")))
         (col (string-to-number (getenv "DOCFACT_EMACS_COL")))
         (action (getenv "DOCFACT_EMACS_ACTION")))
    (find-file file)
    (docfact-log "opened %s in %s" (buffer-name) major-mode)
    ;; eglot-ensure (from the snippet's hook) connects on the next command; run that moment.
    (run-hooks 'post-command-hook)
    (docfact-wait "eglot to manage the buffer" (lambda () (bound-and-true-p eglot--managed-mode)) 30)
    (docfact-log "eglot manages the buffer (server %s)" (jsonrpc-name (eglot-current-server)))
    (set-buffer-modified-p t)
    (save-buffer)
    (docfact-wait (format "%d docfact diagnostics" expect)
                  (lambda () (>= (length (docfact-diagnostics)) expect)) 60)
    (push (cons 'diagnostics (docfact-json (docfact-diagnostics))) docfact-result)
    (dolist (d (docfact-diagnostics))
      (docfact-log "flymake %s line %d: %s" (nth 0 d) (nth 1 d) (nth 2 d)))
    ;; eldoc: what eldoc-documentation-functions report at the flagged sentence.
    (docfact-goto line col)
    (let ((docs nil) (pending 0))
      (run-hook-wrapped 'eldoc-documentation-functions
                        (lambda (fn)
                          (let ((ret (funcall fn (lambda (doc &rest _)
                                                   (when doc (push doc docs))
                                                   (cl-decf pending)
                                                   t))))
                            (cond ((stringp ret) (push ret docs))
                                  (ret (cl-incf pending))))
                          nil))
      (docfact-wait "every eldoc function to answer" (lambda () (<= pending 0)) 20)
      (push (cons 'eldoc (mapconcat #'identity (reverse docs) "\n---\n")) docfact-result)
      (dolist (doc (reverse docs))
        (docfact-log "eldoc at %d:%d: %s" line col (car (split-string doc "\n")))))
    ;; The code action, picked from eglot's own menu as a user would.
    (let ((offered nil))
      ;; As if invoked from the keyboard (M-x), so that eglot asks with completing-read.
      (cl-letf (((symbol-function 'completing-read)
                 (lambda (_prompt items &rest _)
                   (setq offered (mapcar #'car items))
                   action)))
        (let ((last-nonmenu-event ?\r))
          (eglot-code-actions (point) nil nil t)))
      (push (cons 'actions (vconcat offered)) docfact-result)
      (docfact-log "code actions: %S; applied %S" offered action))
    (push (cons 'fixed_line (buffer-substring-no-properties (line-beginning-position) (line-end-position)))
          docfact-result)
    (save-buffer)
    (docfact-wait "the diagnostics to drop to one fewer"
                  (lambda () (= (length (docfact-diagnostics)) (1- expect))) 60)
    (push (cons 'after (docfact-json (docfact-diagnostics))) docfact-result)
    (dolist (d (docfact-diagnostics))
      (docfact-log "after the fix: flymake %s line %d" (nth 0 d) (nth 1 d)))))

(let ((out (getenv "DOCFACT_EMACS_OUT")))
  (condition-case err
      (docfact-run)
    (error (push (cons 'error (error-message-string err)) docfact-result)
           (docfact-log "error: %s" (error-message-string err))))
  (push (cons 'transcript (vconcat (reverse docfact-transcript))) docfact-result)
  (with-temp-file out
    (insert (json-encode docfact-result)))
  (kill-emacs 0))
