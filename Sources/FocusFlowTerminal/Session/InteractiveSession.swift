@preconcurrency import CReadline
import CReadlineSession
import FocusFlow
import Glibc
import FocusFlowConsole

/// One GNU readline callback session for a whole flow.
///
/// Enter is bound to a function that hands the line to the engine and sets up the next field in
/// the same line buffer, so the terminal stays in raw mode from the first field to the last and
/// nothing typed ahead is lost. The display is this session's own (`rl_redisplay_function`): it
/// masks secure fields one mask per grapheme, dims the placeholder, and keeps the rule's message
/// and the key hint under the input. After every edit the buffer goes to the engine, which
/// takes or refuses it whole, so typed, pasted and yanked text are all judged by one rule.
final class InteractiveSession: ScreenContext {
    private let options: RunOptions
    let store: FlowStore
    let theme: Theme
    private var renderer: FormRenderer
    /// The key line and the messages over it, made again only when what they say changes.
    private var footers = FooterMemo()
    /// The step counter the drawn header shows: typing that shows or hides a later field changes
    /// it (n/n exactly where Enter finishes), and the header is drawn again then.
    private var drawnProgress: FlowProgress?
    private var outcome: RunOutcome?
    private var note: String?
    private var keymaps: Keymaps!
    private var histories = FieldHistories()
    /// What the focused field shows and how its keys act (``FieldScreens``).
    private(set) var screen: (any FieldScreen)?
    /// Whether the focused field is secure (its spec's `secure`), kept beside its screen for every keystroke.
    private var focusedSecure = false
    /// A secure field was left since the input loop last wiped the stack (``SecretMemory``).
    private var secureFieldLeft = false
    /// The focused field's spec when it has requirements to show as it is typed.
    private var focusedField: FieldSpec?
    /// The terminal's height, known at the last full draw (a resize draws afresh).
    private var rows = 24
    /// Whether the first field is set up; readline redisplays once before that.
    private var ready = false
    /// Where the form is drawn (stderr, or /dev/tty when stderr is not a terminal).
    private var terminal: FormTerminal?
    /// The terminal's settings before the walk, put back at the end and on Ctrl-Z.
    private var savedSettings: termios?
    /// What a fatal signal writes first to erase a revealed text (``FormRenderer/revealedRowsEraser``), as last told.
    private var rememberedEraser = ""
    /// The terminal's settings as the session prepared them (raw mode), to tell whether anyone
    /// changed them since (a shell that took the terminal back).
    private var preparedSettings: termios?
    /// The review screen, once the walk has reached it (kept, so an amend comes back to its row).
    private(set) var review: ReviewScreen?
    /// The programs performing the walk's checks and sends.
    private var services: ServiceDriver
    /// A lone Esc in a walk said that a second one cancels, and no other key came since.
    private var escapeArmed = false
    /// The answers changes dropped since the review was last shown, for its note.
    private let dropped: DroppedNote

    init(options: RunOptions) {
        self.options = options
        let dropped = DroppedNote()
        self.dropped = dropped
        self.store = options.makeStore { event, _ in dropped.hear(event) }
        self.theme = Theme(options: options)
        self.renderer = FormRenderer(columns: Self.columns())
        self.services = ServiceDriver(options.services, errors: nil)
    }

    /// Walks the flow; the terminal's settings are exactly as before when this returns.
    ///
    /// Started in the background (`focusflow &`), it first waits, stopped, until it is brought
    /// to the foreground; it never draws or changes the terminal's settings before that.
    func run() -> RunOutcome {
        let signals = SignalPipe(roles: [.end, .resize, .suspend, .resume])
        let foreground = signals.waitForForeground(0)
        var pending = foreground.others
        guard foreground.foreground else {
            signals.restore()
            try? Descriptor.writeAll(2, (theme.words.otherJob + "\n").utf8)
            return .cancelled
        }
        let terminal = FormTerminal.open(theme.words)
        if let note = terminal.note { try? Descriptor.writeAll(2, (note + "\n").utf8) }
        self.terminal = terminal
        renderer = FormRenderer(columns: Self.columns(terminal.fd))
        var saved = termios()
        if tcgetattr(0, &saved) == 0 {
            savedSettings = saved
            SignalPipe.remember(saved, input: 0, output: terminal.fd, reset: "\r\n\u{1B}[?2004l", note: theme.words.fatalSignal + "\r\n")
        }
        ReadlineAdapter.session = self
        ff_own_signals()
        ff_set_name("focusflow")
        ff_set_streams(stdin, terminal.stream)
        ff_use_plain_input()
        // The first field shows before readline reads the terminal's description and the
        // inputrc (docs/performance.md): what it shows is the engine's, and keys typed meanwhile
        // wait, unechoed, for readline (ff_hold_keys).
        ff_hold_keys()
        setUp(field: store.state.focus!, first: true)
        rl_initialize()
        // Readline binds the terminal's erase, word-erase and kill characters to its own rubout,
        // unix-word-rubout and unix-line-discard in the keymap in use at every prep of the
        // terminal, a resume after Ctrl-Z too: that would undo the session's own keys (Backspace
        // by whole characters, a secure field's kills that keep nothing in the kill ring). The keys
        // are bound by the keymaps, whatever an inputrc says.
        rl_variable_bind("bind-tty-special-chars", "off")
        ff_set_redisplay { ReadlineAdapter.session?.redisplay() }
        ff_disable_completion()
        using_history()
        rl_callback_handler_install("") { line in
            // Reached only at end of input: Ctrl-D on an empty line (Enter is bound to `submit`).
            // The terminal going away ends input too, before SIGHUP arrives: that is a hang-up.
            if line == nil { ReadlineAdapter.session?.finish(terminalHungUp(0) ? .signalled(SIGHUP) : .cancelled) }
            free(line)
        }
        preparedSettings = Self.settings(0)
        // Installing the handler starts readline's line state afresh: the field's text goes back
        // in, as drawn.
        ready = true
        putLine(store.state.text(of: store.state.focus!))
        // The session's keys are bound once the first field shows (docs/performance.md): nothing
        // is read before they are, so a key typed meanwhile waits in the terminal and finds them.
        keymaps = Keymaps()
        ff_on_escape { ReadlineAdapter.session?.keymaps.bindFunctionKeysInCurrentMap() }
        bindKeys()

        var fds = [pollfd(fd: 0, events: Int16(POLLIN), revents: 0), pollfd(fd: signals.readEnd, events: Int16(POLLIN), revents: 0)]
        // What the first field asks of the service (a code to send), a restored walk's check.
        serviceStep(advancing: false)
        while outcome == nil {
            if !pending.isEmpty {
                let signal = pending.removeFirst()
                switch SignalPipe.role(of: signal) {
                case .resize: resize()
                case .end: finish(.signalled(signal))
                case .suspend: pending += suspend(signals)
                case .resume: pending += resume(signals, afterOwnStop: false)
                case nil: break
                }
                continue
            }
            // Keys read and not yet handled (the rest of a burst, a paste, keys a check held, a
            // lone Esc held through a signal: see readKeys) go on before any poll.
            if ff_holding_byte() != 0 && !holdingKeys {
                pending += readKeys(signals)
                serviceStep(advancing: false)
                continue
            }
            // A check's or a send's program is polled with the terminal; the clock and the
            // spinner wake the loop while one runs or a code has been asked for.
            fds.removeSubrange(2...)
            fds += services.descriptors
            for index in fds.indices { fds[index].revents = 0 }
            // While the walk checks a field it passes over, keys typed ahead are meant for the
            // field it goes to: they wait in the terminal (a hang-up is still seen).
            fds[0].events = holdingKeys ? 0 : Int16(POLLIN)
            // Input already waiting once a key is done is a burst (keys typed ahead, a paste):
            // readline may insert it whole before drawing. Otherwise the loop waits, and the
            // next key's echo follows its read with no system call between (ff_input_available).
            var ready = poll(&fds, nfds_t(fds.count), 0)
            ff_set_burst(ready > 0 && fds[0].revents & Int16(POLLIN) != 0 ? 1 : 0)
            if ready == 0 { ready = poll(&fds, nfds_t(fds.count), services.timeout) }
            if ready < 0 { continue }
            if ready == 0 || fds[2...].contains(where: { $0.revents != 0 }) {
                // Keys read before a check held them go on once it has answered (above).
                serviceStep(advancing: true)
                if secureFieldLeft {
                    SecretMemory.wipeStack()
                    secureFieldLeft = false
                }
                if ready == 0 { continue }
            }
            if fds[1].revents != 0 {
                pending += signals.drain()
                continue
            }
            // A terminal that went away is a hang-up before anything it still holds is read:
            // readline would take its end of input for Enter on a non-empty line, or Ctrl-D.
            if fds[0].revents & Int16(POLLHUP | POLLERR | POLLNVAL) != 0, terminalHungUp(0) {
                finish(.signalled(SIGHUP))
            } else if fds[0].revents & Int16(POLLIN) != 0 {
                ff_fill_input()
                pending += readKeys(signals)
                // Enter may have asked for a check, an edit made one stale, a move a send.
                serviceStep(advancing: false)
                // A secure field was left: what the keys' frames left on the stack goes, from
                // the loop, below which every one of them ran.
                if secureFieldLeft {
                    SecretMemory.wipeStack()
                    secureFieldLeft = false
                }
            } else if fds[0].revents != 0 {
                finish(.signalled(SIGHUP))
            }
        }

        // Output stopped with Ctrl-S (it was flowing before the walk) would hold the last words,
        // readline's own included, and every write into it would wait for Ctrl-Q.
        SignalPipe.startOutput(terminal.fd)
        // A check or a send still running ends with the walk.
        services.cancelAll()
        if case .signalled = outcome {
            rl_free_line_state()
            rl_callback_sigcleanup()
            rl_cleanup_after_signal()
        } else if outcome == .cancelled {
            rl_free_line_state()
            rl_callback_sigcleanup()
        }
        rl_callback_handler_remove()
        // Whatever field the walk ended in, its line, its undo list and the stack hold nothing
        // any more.
        ff_wipe_line()
        rl_replace_line("", 1)
        SecretMemory.wipeStack()
        FieldHistories.release()
        emit(renderer.eraseForm())
        // The answers are written before the summary says they are done.
        var delivered = true
        if case .completed(let result) = outcome, let deliver = options.deliver { delivered = deliver(result) }
        emit(summary(delivered: delivered) + "\r\n")
        if var saved = savedSettings { tcsetattr(0, TCSANOW, &saved) }
        SignalPipe.forget()
        signals.restore()
        keymaps.free()
        ff_on_escape(nil)
        ReadlineAdapter.session = nil
        terminal.close()
        return outcome ?? .cancelled
    }

    /// Gives readline the bytes read, a key at a time, and the rest of a burst or a paste (or an
    /// ESC given again after a search: see ff_getc) without a poll.
    ///
    /// An ESC read last, with readline at rest, begins a key (M-b, an arrow, ESC Enter) or is a
    /// key of its own, Esc: readline would wait for ever for the rest in callback mode, so the
    /// session waits readline's keyseq-timeout for it, as readline does for an ESC bound to a
    /// command. More input: the ESC and it go to readline. None: it is ``escape()``.
    ///
    /// - Returns: signals that arrived while waiting; the ESC is then still held, and the loop
    ///   comes back here once they are handled.
    private func readKeys(_ signals: SignalPipe) -> [Int32] {
        let timeout = ff_escape_timeout()
        var readAfterEscape = false
        repeat {
            // Esc pressed twice in quick succession: the first is Esc; the second waits as any lone ESC.
            if !readAfterEscape, timeout > 0, ff_double_escape_next() != 0, keymaps.isFieldMap(rl_get_keymap()) {
                ff_drop_escape()
                escape()
                continue
            }
            if !readAfterEscape, timeout > 0, ff_lone_escape_next() != 0, keymaps.isFieldMap(rl_get_keymap()) {
                var fds = [pollfd(fd: 0, events: Int16(POLLIN), revents: 0), pollfd(fd: signals.readEnd, events: Int16(POLLIN), revents: 0)]
                let ready = poll(&fds, 2, timeout)
                if ready < 0 { continue }
                if fds[1].revents != 0 { return signals.drain() }
                if ready > 0 {
                    // The rest of a key, or the terminal's end: readline takes the ESC either way.
                    readAfterEscape = ff_fill_input() == 0
                    continue
                }
                ff_drop_escape()
                escape()
                continue
            }
            readAfterEscape = false
            if escapeArmed {
                escapeArmed = false
                if note == escapeNote { note = nil }
            }
            // Alt with a key beyond ASCII does nothing, as an unbound Alt key does.
            if ff_drop_alt_chord() != 0 {
                refuse(theme.words.keyDoesNothing)
                continue
            }
            rl_callback_read_char()
            HistorySearch.settle()
        } while ff_holding_byte() != 0 && outcome == nil && !holdingKeys
        return []
    }

    /// What the key line's note says after a first lone Esc in a walk.
    private var escapeNote: String { theme.styled(.keys, theme.words.escapeAgain) }

    /// A lone Esc, the key people press to get out (gum quits on it, clack cancels): it leaves a
    /// list's filter or a shown secret first; then `ask` (one question, nothing to lose) cancels,
    /// and a walk says that a second Esc cancels, so that one stray key does not throw a long
    /// walk away. Any other key takes that back.
    private func escape() {
        guard outcome == nil else { return }
        if store.state.phase != .review, let screen, screen.escapeClearsText, ff_end() > 0 {
            rl_replace_line("", 0)
            ff_set_point(0)
            return redisplay()
        }
        if store.state.revealed {
            return toggleReveal()
        }
        if options.spec.isQuestion || escapeArmed {
            return finish(.cancelled)
        }
        escapeArmed = true
        note = escapeNote
        if store.state.phase == .review { return redrawReview() }
        render()
    }

    // MARK: - Job control

    /// Ctrl-Z: the cursor goes to a clean line under the form, the terminal gets back exactly
    /// the settings it had before the walk, and the process stops; once continued, it takes
    /// the terminal again (``resume(_:afterOwnStop:)``).
    ///
    /// - Returns: signals that arrived while stopped, still to handle.
    private func suspend(_ signals: SignalPipe) -> [Int32] {
        // Ctrl-Z stops the whole job at once: where focusflow does not lead it (`sh -c 'focusflow
        // …'`), the shell may have the terminal back before this runs. SIGTTOU is held meanwhile,
        // so that giving the settings back from the background does not stop the process inside
        // the ioctl (continued by `fg`, it would then stop itself once more, and the job would
        // never come back); and they are given back only while they are still the session's: a
        // shell that set its own (bash does) keeps them.
        var hold = sigset_t(), old = sigset_t()
        sigemptyset(&hold)
        sigaddset(&hold, SIGTTOU)
        pthread_sigmask(SIG_BLOCK, &hold, &old)
        let foreground = tcgetpgrp(0) == getpgrp()
        let ours = foreground || Self.same(Self.settings(0), preparedSettings)
        if ours {
            emit(moveBelowForm())
            rl_deprep_terminal()
            if var saved = savedSettings { tcsetattr(0, TCSADRAIN, &saved) }
        }
        pthread_sigmask(SIG_SETMASK, &old, nil)
        // A continued process gets SIGCONT too: `stop` takes it, and this resumes once.
        let stopped = signals.stop(with: SIGTSTP)
        return stopped.others + resume(signals, afterOwnStop: ours)
    }

    /// The settings of the terminal `fd`, or `nil`.
    private static func settings(_ fd: Int32) -> termios? {
        var now = termios()
        return tcgetattr(fd, &now) == 0 ? now : nil
    }

    /// Whether two settings are the same in every flag and control character.
    private static func same(_ a: termios?, _ b: termios?) -> Bool {
        guard var a, var b else { return false }
        return a.c_iflag == b.c_iflag && a.c_oflag == b.c_oflag && a.c_cflag == b.c_cflag && a.c_lflag == b.c_lflag
            && withUnsafeBytes(of: &a.c_cc) { x in withUnsafeBytes(of: &b.c_cc) { y in x.elementsEqual(y) } }
    }

    /// After a stop (Ctrl-Z, or a SIGSTOP from outside): waits until the job is in the
    /// foreground again, prepares the terminal as readline does (raw mode, bracketed paste), and
    /// draws the whole form afresh on a clean line, masks and text as they were.
    ///
    /// - Returns: signals that arrived while waiting, still to handle.
    private func resume(_ signals: SignalPipe, afterOwnStop: Bool) -> [Int32] {
        let foreground = signals.waitForForeground(0)
        // Stopped from outside, the form is still where it was: start below it. What was
        // written meanwhile is not known, so nothing is drawn over the form (see abandonForm).
        if !afterOwnStop { emit(renderer.abandonForm()) }
        // The settings may have been changed while stopped: take them back from readline's
        // saved ones (nothing happens when it already gave them back), then prepare afresh.
        rl_deprep_terminal()
        ff_prep_terminal(1)
        preparedSettings = Self.settings(0)
        // The window may have changed size meanwhile; the new form is drawn at the new width.
        redrawForm(clearingScreen: false)
        return foreground.others
    }

    // MARK: - Checks and sends

    /// Whether keys wait: the walk checks a field it passes over (``FlowReducer/PendingCheck/isPassing``).
    private var holdingKeys: Bool { store.state.checking?.isPassing == true }

    /// Starts and ends the programs as the state asks, and, `advancing`, takes their answers
    /// and the clock's ticks to the engine; draws again when what the screen says changed (an
    /// answer, the spinner, the seconds before a resend).
    private func serviceStep(advancing: Bool) {
        // A walk without programs does nothing here, on any key.
        guard outcome == nil, services.hasPrograms else { return }
        let before = (services.isBusy, store.reducer.resendIn(store.state))
        if advancing {
            let events = services.advance(store)
            for case .expired(let id) in events where id == store.state.focus {
                note = theme.styled(.error, "✗ " + store.reducer.spec.language.messages.expired(store.field(id)?.label ?? id.rawValue))
            }
            handle(events)
            if !events.isEmpty || services.isBusy { return render() }
        } else {
            services.update(store)
        }
        if before != (services.isBusy, store.reducer.resendIn(store.state)) { render() }
    }

    /// The line that says a check or a send is under way for the focused field, with a spinner.
    private func serviceLine() -> String? {
        guard let focus = store.state.focus else { return nil }
        let call = services.running(for: focus)
        // A list asked for: its program runs, or waits for a pause in the typing.
        let loading = store.reducer.isLoadingOptions(focus, in: store.state)
        guard call != nil || loading else { return nil }
        let frames = Array("⠋⠙⠹⠸⠼⠴⠦⠧⠇⠏")
        var time = timespec()
        clock_gettime(CLOCK_MONOTONIC, &time)
        let frame = frames[Int(time.tv_nsec / 100_000_000) % frames.count]
        let label = store.field(focus)?.label ?? focus.rawValue
        if loading, call?.isCheck != true { return theme.styled(.keys, "\(frame) " + theme.words.loadingOptions(label)) }
        return theme.styled(.keys, "\(frame) " + (call?.isCheck == true ? theme.words.checking(label) : theme.words.sending(label)))
    }

    /// The focused field's requirements as it stands: `✓ 8 or more characters`, `✗ a digit`.
    private func requirementRows(_ field: FieldSpec) -> [String] {
        LineMode.requirementRows(field, store.state).map { theme.styled($0.hasPrefix("✓") ? .hint : .error, $0) }
    }

    /// The cursor on a clean line under the form: past the input's rows and the lines under it,
    /// a revealed text hidden behind masks.
    private func moveBelowForm() -> String { renderer.leaveForm() }

    // MARK: - Keys

    /// Enter: the line goes to the engine, which validates it and moves on or says why not (a
    /// select takes its highlighted option first).
    func submit() {
        if store.state.phase == .review { return review?.amend(self) ?? () }
        syncBuffer()
        guard let field = store.state.focus, let spec = store.reducer.spec[field], let screen else { return }
        let text = store.state.text(of: field)
        // The same action as line mode's and `serve`'s `next`: the engine decides what Enter does.
        let events = store.send(.next)
        // What a note said (a refused key) is old news once Enter is answered: the rule's message,
        // or the next field, is what the screen shows now.
        clearNote()
        if screen.keepsHistory, events.contains(where: { if case .focusMoved = $0 { true } else { false } }) {
            histories.record(text, in: spec)
        }
        handle(events)
    }

    /// Shift-Tab: back one field, never blocked.
    func previous() {
        syncBuffer()
        handle(store.send(.previous))
    }

    /// Ctrl-T: show or hide a secure field, buffer and cursor kept.
    func toggleReveal() {
        handle(store.send(.toggleReveal))
        if store.state.focus.flatMap({ store.reducer.spec[$0]?.secure }) == true {
            drawForm(.inPlace)
        }
    }

    func finish(_ outcome: RunOutcome) {
        if self.outcome == nil { self.outcome = outcome }
    }

    func refuse(_ message: String) {
        rl_ding()
        note = message
    }

    /// The map an incremental search begun in `map` reads its keys in.
    func searchMap(over map: Keymap) -> Keymap { keymaps.searchMap(over: map) }

    func ding() { rl_ding() }

    func clearNote() { note = nil }

    /// A key of the focused screen's table, or of the review's while it is shown (drawn again
    /// after it, since the answers are in the header): the ``KeyBinding`` that names `sequence`.
    func runScreenKey(_ sequence: [UInt8]) {
        if store.state.phase == .review, let review {
            guard let binding = review.bindings(theme.words).binding(for: sequence) else { return }
            binding.act(self)
            return redrawReview()
        }
        screen?.bindings.binding(for: sequence)?.act(self)
    }

    var point: Int { Int(ff_point()) }

    /// A history search (Ctrl-R, M-p) in a field with text: readline's search prompt (in the
    /// session's language), then the search string or the match, drawn where the input goes.
    var historySearch: ScreenBody? {
        guard ff_searching() != 0 else { return nil }
        let prompt = theme.words.historySearch(String(cString: ff_display_prompt()))
        let line = String(cString: ff_line_buffer())
        let point = min(Int(ff_point()), line.utf8.count)
        return ScreenBody(content: .plain(prompt + line), cursor: prompt.utf8.count + point)
    }

    func insert(_ text: String) { rl_insert_text(text) }

    func showInput(_ text: String) {
        guard !Self.readlineHolds(text) else { return }
        rl_replace_line(text, 0)
        ff_set_point(Int32(text.utf8.count))
    }

    var mask: Character { options.mask }

    // MARK: - Display

    /// Called by readline after every edit: filter the buffer through the field's keyboard, then draw.
    func redisplay() {
        guard ready else { return }
        // During a history search the buffer holds the search string or a match, not an edit.
        if ff_searching() == 0 { syncBuffer() }
        render()
    }

    /// Hands readline's buffer to the engine. When the engine refuses an edit (a typed key, a
    /// paste, a yank, a burst of keys typed ahead with a character the keyboard refuses), the
    /// whole edit is taken back out of readline's buffer: the field keeps its text, and the note
    /// names what was refused.
    private func syncBuffer() {
        guard let focus = store.state.focus, let screen else { return }
        // A field with no text: whatever reached the buffer (a yank) goes.
        if !screen.takesText {
            if ff_line_buffer()[0] != 0 { rl_replace_line("", 0) }
            return
        }
        let accepted = store.state.text(of: focus)
        // Nothing edited (the cursor moved, a key began a sequence): no copy of the buffer.
        if Self.readlineHolds(accepted) { return }
        let buffer = Self.bufferText()
        if Self.readlineHolds(accepted) { return }
        // The engine finds the edit and judges it; the session looks for the edit itself only
        // when it was refused, to take it back and name it.
        guard store.send(.field(.textChanged(buffer))).contains(.rejected(field: focus)) else {
            note = nil
            // The engine may take the edit in its own shape (a number's `,` as `.`, a date's
            // separators placed): the line shows what it took, the cursor after as many letters
            // and digits as were before it, so that the next key lands where the person means.
            let taken = store.state.text(of: focus)
            if !Self.readlineHolds(taken) {
                let point = Int(ff_point())
                rl_replace_line(taken, 0)
                ff_set_point(Int32(point >= buffer.utf8.count ? taken.utf8.count : Self.point(in: taken, matching: buffer.utf8Prefix(point))))
            }
            return
        }
        guard let region = buffer.editedRegion(from: accepted) else { return }
        let inserted = buffer.utf8Slice(region)
        var point = Int(ff_point())
        if point >= region.upperBound {
            point -= inserted.utf8.count
        } else if point > region.lowerBound {
            point = region.lowerBound
        }
        takeBack(region: region, accepted: accepted)
        ff_set_point(Int32(min(max(point, 0), accepted.utf8.count)))
        refuse(theme.styled(.keys, screen.refusedNote(String(inserted), typing: buffer, over: accepted)))
    }

    /// Where in `text` the cursor goes to stand after as many letters and digits as `before`
    /// holds: the same place in a text the engine reshaped (separators added or taken away).
    /// Separators typed after the last of them are stepped over as well, as many as there were.
    static func point(in text: String, matching before: Substring) -> Int {
        let wanted = before.utf8.count { Self.isAlphanumeric($0) }
        let trailing = before.utf8.reversed().prefix { !Self.isAlphanumeric($0) }.count
        let bytes = Array(text.utf8)
        var seen = 0, point = 0
        while point < bytes.count, seen < wanted {
            if Self.isAlphanumeric(bytes[point]) { seen += 1 }
            point += 1
        }
        var skipped = 0
        while point < bytes.count, skipped < trailing, !Self.isAlphanumeric(bytes[point]) {
            point += 1
            skipped += 1
        }
        return point
    }

    private static func isAlphanumeric(_ byte: UInt8) -> Bool {
        (0x30...0x39).contains(byte) || (0x41...0x5A).contains(byte) || (0x61...0x7A).contains(byte) || byte >= 0x80
    }

    /// Readline's buffer as text, once the bytes in it that are no UTF-8 character are taken
    /// out, as if never typed (the cursor stays among the same characters), so that no U+FFFD
    /// reaches an answer or the screen. An Alt chord with a key that is not ASCII (ESC and the
    /// key's UTF-8 bytes) is taken away whole before readline when it arrives whole
    /// (ff_drop_alt_chord); what reaches readline in pieces, which takes ESC and the first byte
    /// as a meta key and inserts the rest, and bytes typed with Ctrl-V are taken out here.
    private static func bufferText() -> String {
        let end = Int(ff_end())
        let bytes = UnsafeBufferPointer(start: UnsafeRawPointer(ff_line_buffer()).assumingMemoryBound(to: UInt8.self), count: end)
        if let text = String(validating: bytes, as: UTF8.self) { return text }
        let point = Int(ff_point())
        var kept: [UInt8] = []
        kept.reserveCapacity(end)
        var keptPoint = 0
        var index = 0
        while index < end {
            // The character that starts here (UTF-8 takes at most four bytes), if one does.
            let length = (1...min(4, end - index)).first { String(validating: bytes[index..<(index + $0)], as: UTF8.self) != nil } ?? 0
            if length > 0 { kept += bytes[index..<(index + length)] }
            if index < point { keptPoint += length }
            index += max(length, 1)
        }
        let text = String(decoding: kept, as: UTF8.self)
        if !kept.isEmpty { kept.withUnsafeMutableBytes { _ = memset($0.baseAddress!, 0, $0.count) } }
        rl_replace_line(text, 0)
        ff_set_point(Int32(keptPoint))
        return text
    }

    /// Whether readline's buffer holds `text`, byte for byte.
    private static func readlineHolds(_ text: String) -> Bool {
        let end = Int(ff_end())
        guard end == text.utf8.count else { return false }
        guard end > 0 else { return true }
        return text.utf8.withContiguousStorageIfAvailable { memcmp(ff_line_buffer(), $0.baseAddress!, end) == 0 } ?? false
    }

    /// Puts `accepted` back in readline's buffer after a refused edit, and leaves undo as if the
    /// refused edit had never been made: undo then takes back the last accepted edit, not one the
    /// refusal never touched.
    private func takeBack(region: Range<Int>, accepted: String) {
        let insertion = String(cString: ff_line_buffer()).utf8.count - region.count == accepted.utf8.count
        if insertion, ff_refuse_inserted(Int32(region.lowerBound), Int32(region.upperBound)) != 0 { return }
        if ff_undo_last_group() != 0, String(cString: ff_line_buffer()) == accepted { return }
        rl_replace_line(accepted, 0)
    }

    func render() {
        let state = store.state
        if state.phase == .review, let review {
            guard outcome == nil else { return }
            let body = review.body(self, note: note)
            return emit(renderer.render(.plain(""), cursor: 0, placeholder: body.placeholder, footer: body.footer))
        }
        guard outcome == nil, state.focus != nil, let screen else { return }
        let progress = store.reducer.progress(in: state)
        // The header says the steps (the flow's and the section's): a change draws it again.
        if let drawn = drawnProgress, drawn.steps != progress.steps || drawn.section != progress.section { return drawForm(.inPlace) }
        let toReview = store.reducer.nextOpensReview(in: state, progress: progress)
        var keys = screen.status(state).map { [$0] + screen.keys(state) } ?? screen.keys(state)
        if let resend = (screen as? TextScreen)?.resendStatus(state, reducer: store.reducer) { keys.insert(resend, at: 0) }
        // A note that says what the field's message says already (a key refused past the
        // `maxLength` the message names) is not said twice.
        let said = note.flatMap { note in state.error.map { note == $0 || note == theme.styled(.keys, $0) } } ?? false
        var rows = focusedField.map(requirementRows) ?? []
        if let line = serviceLine() { rows.append(line) }
        let footer = footers.lines(
            .init(rows: rows, error: state.error, note: said ? nil : note, secure: focusedSecure, progress: progress, keys: keys, toReview: toReview),
            theme: theme)
        // What is left of the terminal's height under the input, once the header and the key line are drawn.
        let body = screen.body(self) { self.rows - self.renderer.headerRows - self.renderer.inputRows(showing: $0) - self.renderer.rows(of: footer) }
        emit(renderer.render(body.content, cursor: body.cursor, placeholder: body.placeholder, footer: body.rows.isEmpty ? footer : body.rows + footer))
    }

    func handle(_ events: [FlowEvent]) {
        var moved = false
        for event in events {
            switch event {
            case .focusMoved(_, let to?):
                setUp(field: to, first: false)
                moved = true
            case .reviewing: showReview()
            case .completed(let result): finish(.completed(result))
            case .cancelled: finish(.cancelled)
            case .rejected: rl_ding()
            case .optionsLoaded(let id, _, true) where id == store.state.focus:
                if let screen = screen as? any OptionScreen, let field = store.reducer.field(id, in: store.state) { screen.given(field) }
            case .optionDropped(let id, let value):
                let label = store.reducer.spec[id]?.label ?? id.rawValue
                note = theme.styled(.keys, theme.words.optionDropped(label, value))
            default: break
            }
        }
        // Without a review to say it, the next field says what a change dropped, until the next key.
        if moved, !options.spec.review, store.state.phase == .editing {
            let shown = store.reducer.spec.fields.map(\.id).filter { store.reducer.isVisible($0, in: store.state) }
            if let said = dropped.take(listed: shown, in: store, words: theme.words) {
                note = theme.styled(.hint, said)
                render()
            }
        }
    }

    /// Puts `field` in the same line buffer: its text, cursor at the end, its keymap and history,
    /// and draws its header in place of the last one.
    private func setUp(field id: FieldID, first: Bool) {
        // The field as the person sees it: a text may name an earlier answer.
        guard let field = store.field(id) else { return }
        leaveSecureLine()
        histories.load(for: field)
        let screen = FieldScreens.screen(for: field, words: theme.words)
        self.screen = screen
        focusedSecure = field.secure
        focusedField = field.requirements.isEmpty ? nil : field
        HistorySearch.reset()
        bindKeys()
        ff_reset_insert_mode()
        putLine(store.state.text(of: id))
        note = nil
        drawForm(first ? .cursorLine : .inPlace)
    }

    /// Puts `text` in readline's line, its undo list emptied, the cursor at its end.
    private func putLine(_ text: String) {
        rl_replace_line(text, 1)
        ff_set_point(Int32(text.utf8.count))
    }

    /// The focused field's keymap: its screen's keys over the plain or the secure map. Nothing
    /// before the session's keys are bound (the first field is drawn first).
    private func bindKeys() {
        guard keymaps != nil, let screen, let field = store.state.focus.flatMap({ store.reducer.spec[$0] }) else { return }
        let base = screen.secureKeymap ? keymaps.secure : keymaps.plain
        let name = "\(type(of: screen))" + (screen.secureKeymap ? "-secure" : "") + (field.send == nil ? "" : "-send")
        rl_set_keymap(keymaps.screen(name, base: base, bindings: screen.bindings))
    }

    /// A secure field is being left: readline's line is zeroed, whole, before the next field's
    /// text is put in it (which would leave the secret's tail past its end), and its undo list
    /// goes with the replace that follows.
    private func leaveSecureLine() {
        guard focusedSecure else { return }
        ff_wipe_line()
        focusedSecure = false
        secureFieldLeft = true
    }

    /// Draws the whole form afresh — header, input, the lines under it — at the terminal's
    /// width now: at the top of a cleared screen (`clearingScreen`, Ctrl-L), or from the start of
    /// the cursor's line, which must hold nothing of the form (after the job was stopped and
    /// continued). Text, cursor and masks are the session's, so nothing is lost.
    func redrawForm(clearingScreen: Bool) {
        drawForm(clearingScreen ? .clearedScreen : .cursorLine)
    }

    // MARK: - Review (``ReviewScreen``)

    /// The review is shown: its keymap, an empty line, the row marked where it was.
    private func showReview() {
        let review = self.review ?? ReviewScreen()
        self.review = review
        rl_set_keymap(keymaps.review(review.bindings(theme.words)))
        leaveSecureLine()
        rl_replace_line("", 1)
        review.shown(self)
        // What the change dropped shows until the next key (which takes the note away).
        note = dropped.take(listed: store.state.reviewed ?? [], in: store, words: theme.words).map { theme.styled(.hint, $0) }
        drawForm(.inPlace)
    }

    /// Draws the review again in place after one of its keys, while it is still shown.
    func redrawReview() {
        if store.state.phase == .review { drawForm(.inPlace) }
    }

    /// Draws the focused field's form from `start`.
    private func drawForm(_ start: FormRenderer.Start) {
        guard outcome == nil else { return }
        if store.state.phase == .review, let review {
            let size = Self.size(terminal?.fd ?? 2)
            rows = size.rows
            // The answers take what the input line and the lines under it leave.
            let footer = review.body(self, note: note).footer
            let room = size.rows - 1 - footer.reduce(0) { $0 + $1.wrapped(toColumns: size.columns).count }
            let lines = review.header(self, flow: options.spec, rows: room, columns: size.columns)
            emit(renderer.begin(header: lines, prompt: "", columns: size.columns, rows: size.rows, at: start))
            return render()
        }
        guard let id = store.state.focus, let field = store.field(id), let screen else { return }
        let progress = store.reducer.progress(in: store.state)
        drawnProgress = progress
        let lines = theme.header(
            flow: options.spec, field: field, step: progress.step, steps: progress.steps, section: progress.section,
            revealed: store.state.revealed, keyboard: screen.showsKeyboard)
        let size = Self.size(terminal?.fd ?? 2)
        rows = size.rows
        emit(renderer.begin(header: lines, prompt: screen.prompt, columns: size.columns, rows: size.rows, at: start))
        render()
    }

    /// SIGWINCH. How a terminal treats what is on screen when its width changes differs: tmux
    /// and some emulators reflow wrapped rows, others cut or keep them, and where the form's top
    /// row is afterwards cannot be known from here: moving up by the rows drawn lands in the
    /// wrong place and leaves a copy of the form. So a change of width clears the screen and
    /// draws the form at its top, where its position is known again; what was on screen above
    /// the form goes (as with Ctrl-L). The same width (only the height changed, or the width
    /// went and came back before this ran) keeps every row as it was drawn, relative moves
    /// still hold, and the form is drawn again over itself.
    ///
    /// A change of height draws the form again too, so that a list's window fits the new height.
    private func resize() {
        drawForm(Self.size(terminal?.fd ?? 2).columns == renderer.columns ? .inPlace : .clearedScreen)
    }

    /// The line the form leaves behind. A question (`ask`) leaves its answer as the review shows
    /// it (a secure one as masks, a choice by its label), as clack and Inquirer leave theirs; a
    /// walk whose answers could not be written says so.
    private func summary(delivered: Bool) -> String {
        let title = options.spec.shownTitle
        switch outcome {
        case .completed where !delivered:
            return theme.words.summaryNotSaved(title)
        case .completed(let result) where options.spec.isQuestion:
            guard let field = options.spec.fields.first else { return theme.words.summaryDone(title, result.writtenCount) }
            let answer = result.answers.first { $0.field == field.id }?.answer
            return theme.words.summaryAnswered(title, ReviewAnswers.shown(field, answer, mask: options.mask, words: theme.words))
        case .completed(let result): return theme.words.summaryDone(title, result.writtenCount)
        default: return theme.words.summaryCancelled(title)
        }
    }

    private func emit(_ text: String) {
        guard !text.isEmpty else { return }
        var text = text
        text.withUTF8 { _ = fwrite($0.baseAddress, 1, $0.count, ff_outstream()) }
        fflush(ff_outstream())
        // A fatal signal or the watchdog erases a revealed text too, from where the cursor is now.
        let eraser = renderer.revealedRowsEraser
        if eraser != rememberedEraser {
            SignalPipe.rememberEraser(eraser)
            rememberedEraser = eraser
        }
    }

    /// The width of the terminal the form is drawn on (`fd`), else of stderr's or stdin's.
    private static func columns(_ fd: Int32 = 2) -> Int { size(fd).columns }

    /// The size of the terminal the form is drawn on (`fd`), else of stderr's or stdin's; 80
    /// by 24 when none says.
    private static func size(_ fd: Int32 = 2) -> (columns: Int, rows: Int) {
        var size = winsize()
        for fd in [fd, 2, 0] where ioctl(fd, UInt(TIOCGWINSZ), &size) == 0 && size.ws_col > 0 {
            return (Int(size.ws_col), size.ws_row > 0 ? Int(size.ws_row) : 24)
        }
        return (80, 24)
    }
}
