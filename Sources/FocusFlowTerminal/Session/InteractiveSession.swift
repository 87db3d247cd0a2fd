@preconcurrency import CReadline
import FocusFlow
import Glibc

/// One GNU readline callback session for a whole flow.
///
/// Enter is bound to a function that hands the line to the engine and sets up the next field in
/// the same line buffer, so the terminal stays in raw mode from the first field to the last and
/// nothing typed ahead is lost. The display is this session's own (`rl_redisplay_function`): it
/// masks secure fields one mask per grapheme, dims the placeholder, and keeps the rule's message
/// and the key hint under the input. After every edit the buffer is checked against the
/// field's keyboard, so typed, pasted and yanked text are all filtered the same way.
final class InteractiveSession {
    /// The session readline's C callbacks reach; they carry no context.
    nonisolated(unsafe) static var current: InteractiveSession?

    private let options: RunOptions
    private let store: FlowStore
    private let theme: Theme
    private var renderer: FormRenderer
    private var outcome: RunOutcome?
    private var note: String?
    private var keymaps: Keymaps!
    private var histories: [FieldID: UnsafeMutablePointer<HISTORY_STATE>] = [:]
    private var historyOwner: FieldID?
    /// Whether the first field is set up; readline redisplays once before that.
    private var ready = false

    init(options: RunOptions) {
        self.options = options
        self.store = FlowStore(spec: options.spec)
        self.theme = Theme(color: options.color)
        self.renderer = FormRenderer(columns: Self.columns())
    }

    /// Walks the flow; the terminal's settings are exactly as before when this returns.
    func run() -> RunOutcome {
        var saved = termios()
        let haveSettings = tcgetattr(0, &saved) == 0
        let signals = SignalPipe()
        Self.current = self
        ff_own_signals()
        ff_set_name("focusflow")
        ff_set_streams(stdin, stderr)
        ff_use_plain_input()
        rl_initialize()
        ff_set_redisplay { InteractiveSession.current?.redisplay() }
        keymaps = Keymaps()
        using_history()
        rl_callback_handler_install("") { line in
            // Reached only at end of input: Ctrl-D on an empty line (Enter is bound to `submit`).
            if line == nil { InteractiveSession.current?.finish(.cancelled) }
            free(line)
        }
        // Installing the handler starts readline's line state afresh: set the field up after it.
        ready = true
        setUp(field: store.state.focus!, first: true)

        var fds = [pollfd(fd: 0, events: Int16(POLLIN), revents: 0), pollfd(fd: signals.readEnd, events: Int16(POLLIN), revents: 0)]
        while outcome == nil {
            fds[0].revents = 0
            fds[1].revents = 0
            if poll(&fds, 2, -1) < 0 { continue }
            if fds[1].revents != 0 {
                for signal in signals.drain() {
                    switch signal {
                    case SIGWINCH: resize()
                    case SIGINT: finish(.cancelled)
                    default: finish(.signalled(signal))
                    }
                }
                if outcome != nil { break }
            }
            if fds[0].revents & Int16(POLLIN) != 0 {
                rl_callback_read_char()
            } else if fds[0].revents != 0 {
                finish(.signalled(SIGHUP))
            }
        }

        if case .signalled = outcome {
            rl_free_line_state()
            rl_callback_sigcleanup()
            rl_cleanup_after_signal()
        } else if outcome == .cancelled {
            rl_free_line_state()
            rl_callback_sigcleanup()
        }
        rl_callback_handler_remove()
        rl_replace_line("", 1)
        clear_history()
        for (_, state) in histories { free(state) }
        emit(renderer.eraseForm() + summary() + "\r\n")
        if haveSettings { tcsetattr(0, TCSANOW, &saved) }
        signals.restore()
        keymaps.free()
        Self.current = nil
        return outcome ?? .cancelled
    }

    // MARK: - Keys

    /// Enter: the line goes to the engine, which validates it and moves on or says why not.
    func submit() {
        syncBuffer()
        guard let field = store.state.focus else { return }
        let text = store.state.text(of: field)
        let events = store.send(.field(.submit))
        if store.reducer.spec[field]?.secure == false, !text.isEmpty,
           events.contains(where: { if case .focusMoved = $0 { true } else { false } }) {
            add_history(text)
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

    // MARK: - Display

    /// Called by readline after every edit: filter the buffer through the field's keyboard, then draw.
    func redisplay() {
        guard ready else { return }
        syncBuffer()
        render()
    }

    /// Hands readline's buffer to the engine. When the keyboard refuses part of an edit (a typed
    /// key, a paste, a yank), the refused characters are taken out and the rest kept.
    private func syncBuffer() {
        guard let focus = store.state.focus, let field = store.reducer.spec[focus] else { return }
        let buffer = String(cString: ff_line_buffer())
        let accepted = store.state.text(of: focus)
        guard let region = buffer.editedRegion(from: accepted) else { return }
        guard store.send(.field(.textChanged(buffer))).contains(.rejected(field: focus)) else {
            note = nil
            return
        }
        let inserted = buffer.utf8Slice(region)
        let kept = String(inserted.filter(field.keyboard.accepts))
        let filtered = String(buffer.utf8Prefix(region.lowerBound)) + kept + buffer.utf8Suffix(from: region.upperBound)
        store.send(.field(.textChanged(filtered)))
        let text = store.state.text(of: focus)
        var point = Int(ff_point())
        if point >= region.upperBound {
            point -= inserted.utf8.count - kept.utf8.count
        } else if point > region.lowerBound {
            point = region.lowerBound + kept.utf8.count
        }
        rl_replace_line(text, 0)
        ff_set_point(Int32(min(max(point, 0), text.utf8.count)))
        let character = field.secure ? "" : (field.keyboard.firstRefused(in: inserted).map { "\(String($0).debugDescription) " } ?? "")
        refuse(theme.dim("\(character)not accepted here: \(field.keyboard.summary)"))
    }

    private func render() {
        guard outcome == nil, let focus = store.state.focus, let field = store.reducer.spec[focus] else { return }
        let text = store.state.text(of: focus)
        let point = min(Int(ff_point()), text.utf8.count)
        let masked = store.state.surface == .secure
        let content: FormRenderer.Content = masked ? .masked(count: DisplayWidth.characters(in: text), mask: options.mask) : .plain(text)
        let cursor = masked ? DisplayWidth.characters(in: text.utf8Prefix(point)) : point
        let progress = store.reducer.progress(in: store.state)
        let footer = theme.footer(error: store.state.error, note: note, secure: field.secure, progress: progress)
        emit(renderer.render(content, cursor: cursor, placeholder: field.placeholder.map(theme.placeholder), footer: footer))
    }

    private func handle(_ events: [FlowEvent]) {
        for event in events {
            switch event {
            case .focusMoved(_, let to?): setUp(field: to, first: false)
            case .completed(let result): finish(.completed(result))
            case .cancelled: finish(.cancelled)
            case .rejected: rl_ding()
            default: break
            }
        }
    }

    /// Puts `field` in the same line buffer: its text, cursor at the end, its keymap and history,
    /// and draws its header in place of the last one.
    private func setUp(field id: FieldID, first: Bool) {
        guard let field = store.reducer.spec[id] else { return }
        if let owner = historyOwner, store.reducer.spec[owner]?.secure == false {
            if let old = histories[owner] { free(old) }
            histories[owner] = history_get_history_state()
        }
        history_set_history_state(field.secure ? ff_empty_history() : (histories[id] ?? ff_empty_history()))
        using_history()
        historyOwner = id
        rl_set_keymap(field.secure ? keymaps.secure : keymaps.plain)
        let text = store.state.text(of: id)
        rl_replace_line(text, 1)
        ff_set_point(Int32(text.utf8.count))
        note = nil
        drawForm(first ? .cursorLine : .inPlace)
    }

    /// Draws the whole form afresh — header, input, the lines under it — at the terminal's
    /// width now: at the top of a cleared screen (`clearingScreen`, Ctrl-L), or from the start of
    /// the cursor's line, which must hold nothing of the form (after the job was stopped and
    /// continued). Text, cursor and masks are the session's, so nothing is lost.
    func redrawForm(clearingScreen: Bool) {
        drawForm(clearingScreen ? .clearedScreen : .cursorLine)
    }

    /// Draws the focused field's form from `start`.
    private func drawForm(_ start: FormRenderer.Start) {
        guard outcome == nil, let id = store.state.focus, let field = store.reducer.spec[id] else { return }
        let progress = store.reducer.progress(in: store.state)
        let lines = theme.header(flow: options.spec, field: field, step: progress.step, steps: progress.steps, revealed: store.state.revealed)
        emit(renderer.begin(header: lines, prompt: Theme.prompt, columns: Self.columns(), at: start))
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
    private func resize() {
        drawForm(Self.columns() == renderer.columns ? .inPlace : .clearedScreen)
    }

    private func summary() -> String {
        let title = options.spec.title.isEmpty ? options.spec.id : options.spec.title
        switch outcome {
        case .completed(let result): return "\(title): done, \(result.answers.count) answers."
        default: return "\(title): cancelled."
        }
    }

    private func emit(_ text: String) {
        guard !text.isEmpty else { return }
        var text = text
        text.withUTF8 { _ = fwrite($0.baseAddress, 1, $0.count, ff_outstream()) }
        fflush(ff_outstream())
    }

    private static func columns() -> Int {
        var size = winsize()
        if ioctl(2, UInt(TIOCGWINSZ), &size) == 0, size.ws_col > 0 { return Int(size.ws_col) }
        if ioctl(0, UInt(TIOCGWINSZ), &size) == 0, size.ws_col > 0 { return Int(size.ws_col) }
        return 80
    }
}
