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
    private var histories = FieldHistories()
    /// Which options of a choice field show under its filter.
    private var window = OptionWindow()
    /// Whether the first field is set up; readline redisplays once before that.
    private var ready = false
    /// Where the form is drawn (stderr, or /dev/tty when stderr is not a terminal).
    private var terminal: FormTerminal?
    /// The terminal's settings before the walk, put back at the end and on Ctrl-Z.
    private var savedSettings: termios?
    /// The marked row of the review screen.
    private var reviewRow = 0

    init(options: RunOptions) {
        self.options = options
        self.store = FlowStore(spec: options.spec)
        self.theme = Theme(color: options.color)
        self.renderer = FormRenderer(columns: Self.columns())
    }

    /// Walks the flow; the terminal's settings are exactly as before when this returns.
    ///
    /// Started in the background (`focusflow &`), it first waits, stopped, until it is brought
    /// to the foreground; it never draws or changes the terminal's settings before that.
    func run() -> RunOutcome {
        let signals = SignalPipe(roles: [.cancel, .end, .resize, .suspend, .resume])
        let foreground = signals.waitForForeground(0)
        var pending = foreground.others
        guard foreground.foreground else {
            signals.restore()
            let message = "focusflow: the terminal belongs to another job, and this one cannot wait stopped for it "
                + "(it was started in the background of a shell without job control). Run focusflow in the foreground.\n"
            try? Descriptor.writeAll(2, message.utf8)
            return .cancelled
        }
        let terminal = FormTerminal.open()
        if let note = terminal.note { try? Descriptor.writeAll(2, (note + "\n").utf8) }
        self.terminal = terminal
        renderer = FormRenderer(columns: Self.columns(terminal.fd))
        var saved = termios()
        if tcgetattr(0, &saved) == 0 {
            savedSettings = saved
            SignalPipe.remember(saved, input: 0, output: terminal.fd)
        }
        Self.current = self
        ff_own_signals()
        ff_set_name("focusflow")
        ff_set_streams(stdin, terminal.stream)
        ff_use_plain_input()
        rl_initialize()
        ff_set_redisplay { InteractiveSession.current?.redisplay() }
        keymaps = Keymaps()
        ff_disable_completion()
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
            if !pending.isEmpty {
                let signal = pending.removeFirst()
                switch SignalPipe.role(of: signal) {
                case .resize: resize()
                case .cancel: finish(.cancelled)
                case .end: finish(.signalled(signal))
                case .suspend: pending += suspend(signals)
                case .resume: pending += resume(signals, afterOwnStop: false)
                case nil: break
                }
                continue
            }
            fds[0].revents = 0
            fds[1].revents = 0
            if poll(&fds, 2, -1) < 0 { continue }
            if fds[1].revents != 0 {
                pending += signals.drain()
                continue
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
        ff_forget_saved_line()
        clear_history()
        emit(renderer.eraseForm() + summary() + "\r\n")
        if var saved = savedSettings { tcsetattr(0, TCSANOW, &saved) }
        SignalPipe.forget()
        signals.restore()
        keymaps.free()
        Self.current = nil
        terminal.close()
        return outcome ?? .cancelled
    }

    // MARK: - Job control

    /// Ctrl-Z: the cursor goes to a clean line under the form, the terminal gets back exactly
    /// the settings it had before the walk, and the process stops; once continued, it takes
    /// the terminal again (``resume(_:afterOwnStop:)``).
    ///
    /// - Returns: signals that arrived while stopped, still to handle.
    private func suspend(_ signals: SignalPipe) -> [Int32] {
        emit(moveBelowForm())
        rl_deprep_terminal()
        if var saved = savedSettings { tcsetattr(0, TCSADRAIN, &saved) }
        // A continued process gets SIGCONT too: `stop` takes it, and this resumes once.
        let stopped = signals.stop(with: SIGTSTP)
        return stopped.others + resume(signals, afterOwnStop: true)
    }

    /// After a stop (Ctrl-Z, or a SIGSTOP from outside): waits until the job is in the
    /// foreground again, prepares the terminal as readline does (raw mode, bracketed paste), and
    /// draws the whole form afresh on a clean line, masks and text as they were.
    ///
    /// - Returns: signals that arrived while waiting, still to handle.
    private func resume(_ signals: SignalPipe, afterOwnStop: Bool) -> [Int32] {
        let foreground = signals.waitForForeground(0)
        // Stopped from outside, the form is still where it was: start below it.
        if !afterOwnStop { emit(moveBelowForm()) }
        // The settings may have been changed while stopped: take them back from readline's
        // saved ones (nothing happens when it already gave them back), then prepare afresh.
        rl_deprep_terminal()
        rl_prep_terminal(1)
        // The window may have changed size meanwhile; the new form is drawn at the new width.
        redrawForm(clearingScreen: false)
        return foreground.others
    }

    /// The cursor on a clean line under the form: past the input's rows and the lines under it.
    private func moveBelowForm() -> String { renderer.leaveForm() }

    // MARK: - Keys

    /// Enter: the line goes to the engine, which validates it and moves on or says why not.
    ///
    /// A select first chooses its highlighted option; a multi-select accepts what is chosen.
    func submit() {
        if store.state.phase == .review { return amendReviewRow() }
        syncBuffer()
        guard let field = store.state.focus, let spec = store.reducer.spec[field] else { return }
        if spec.kind == .select {
            let list = choiceList(spec)
            if list.visible.isEmpty && !store.state.text(of: field).isEmpty {
                return refuse("No option matches the filter; Backspace widens it.")
            }
            if let highlight = list.highlight { handle(store.send(.field(.select(spec.options[list.visible[highlight]].value)))) }
        }
        let text = store.state.text(of: field)
        let events = store.send(.field(.submit))
        if spec.kind == .text, events.contains(where: { if case .focusMoved = $0 { true } else { false } }) {
            histories.record(text, in: spec)
        }
        handle(events)
    }

    /// y or n on a confirm field.
    func answer(_ value: Bool) {
        note = nil
        handle(store.send(.field(.set(value))))
        render()
    }

    /// Left or Right on a confirm field: the other answer (Yes when there is none yet).
    func flipAnswer() {
        guard let focus = store.state.focus, case .confirm(let state)? = store.state.fields[field: focus] else { return }
        answer(state.value.map { !$0 } ?? true)
    }

    /// Up/Down, Ctrl-P/Ctrl-N on a choice field: the highlight moves over the visible options.
    func moveHighlight(by delta: Int) {
        guard let focus = store.state.focus, store.reducer.spec[focus]?.kind.hasOptions == true else { return }
        note = nil
        handle(store.send(.field(.highlight(delta))))
        render()
    }

    /// Tab: on a multi-select, chooses or lets go of the highlighted option; the filter is untouched.
    func toggleHighlighted() {
        guard let focus = store.state.focus, let spec = store.reducer.spec[focus] else { return }
        guard spec.kind == .multiSelect else { return refuse(spec.kind == .select ? "Enter chooses the highlighted option." : "That key does nothing here.") }
        let list = choiceList(spec)
        guard let highlight = list.highlight else { return refuse("No option matches the filter; Backspace widens it.") }
        note = nil
        handle(store.send(.field(.toggle(spec.options[list.visible[highlight]].value))))
        render()
    }

    /// The focused choice field's recent filters: each query (a prefix of the next) and the
    /// positions it shows.
    private var visibleOptions: (field: FieldID?, filters: [(query: String, visible: [Int])]) = (nil, [])

    /// The focused choice field's visible options (positions in its options), where the
    /// highlight is among them, and what is chosen.
    ///
    /// - Complexity: the filter runs once per query (a keystroke redraws, settles the highlight
    ///   and draws again with the same query), over what the query before it showed when it
    ///   only extends it; the highlight is found by binary search, since `visible` is in option
    ///   order.
    private func choiceList(_ field: FieldSpec) -> (visible: [Int], highlight: Int?, chosen: Set<String>) {
        let query = store.state.text(of: field.id)
        let visible: [Int]
        if visibleOptions.field != field.id { visibleOptions = (field.id, []) }
        // Filters of what is typed so far, each a prefix of the next: a key typed at the end
        // searches only what the last one showed, and Backspace finds its answer kept.
        while let last = visibleOptions.filters.last, !query.hasPrefixIdentical(last.query) { visibleOptions.filters.removeLast() }
        if let last = visibleOptions.filters.last, last.query.isIdentical(to: query) {
            visible = last.visible
        } else {
            visible = visibleOptions.filters.last.map { field.visibleOptions(query: query, narrowing: $0) } ?? field.visibleOptions(query: query)
            visibleOptions.filters.append((query, visible))
        }
        let value: String?, chosen: Set<String>
        switch store.state.fields[field: field.id] {
        case .select(let state)?: (value, chosen) = (state.highlight, Set(state.choice.map { [$0] } ?? []))
        case .multiSelect(let state)?: (value, chosen) = (state.highlight, Set(state.chosen))
        default: return ([], nil, [])
        }
        let highlight = value.flatMap { field.standing(ofOption: $0, among: visible) }
        return (visible, highlight, chosen)
    }

    /// A choice field with no highlight yet highlights its first visible option. A highlight
    /// the filter hides stays as it is, so erasing the filter brings it back; meanwhile the
    /// screen shows, and Enter takes, where it stands among the visible options.
    private func settleHighlight(_ field: FieldSpec) {
        guard field.kind.hasOptions else { return }
        let list = choiceList(field)
        if list.highlight == nil && !list.visible.isEmpty { store.send(.field(.highlight(0))) }
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
        // During a history search the buffer holds the search string or a match, not an edit.
        if ff_searching() == 0 { syncBuffer() }
        render()
    }

    /// Hands readline's buffer to the engine. When the keyboard refuses part of an edit (a typed
    /// key, a paste, a yank), the refused characters are taken out and the rest kept.
    private func syncBuffer() {
        guard let focus = store.state.focus, let field = store.reducer.spec[focus] else { return }
        let buffer = String(cString: ff_line_buffer())
        // A confirm field has no text: whatever reached the buffer (a yank) goes.
        if field.kind == .confirm {
            if !buffer.isEmpty { rl_replace_line("", 0) }
            return
        }
        let accepted = store.state.text(of: focus)
        guard let region = buffer.editedRegion(from: accepted) else { return }
        guard store.send(.field(.textChanged(buffer))).contains(.rejected(field: focus)) else {
            note = nil
            settleHighlight(field)
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
        takeBack(region: region, kept: kept, accepted: accepted, filtered: text)
        ff_set_point(Int32(min(max(point, 0), text.utf8.count)))
        let character = field.secure ? "" : (field.keyboard.firstRefused(in: inserted).map { "\(String($0).debugDescription) " } ?? "")
        refuse(theme.dim("\(character)not accepted here: \(field.keyboard.summary)"))
    }

    /// Puts `filtered` in readline's buffer after a refused edit, and leaves undo as if the
    /// refused characters had never been typed: undo then takes back the last accepted edit, not
    /// one the refusal never touched.
    private func takeBack(region: Range<Int>, kept: String, accepted: String, filtered: String) {
        let insertion = String(cString: ff_line_buffer()).utf8.count - region.count == accepted.utf8.count
        if insertion, ff_refuse_inserted(Int32(region.lowerBound), Int32(region.upperBound), kept) != 0 { return }
        if ff_undo_last_group() != 0, String(cString: ff_line_buffer()) == accepted {
            if !kept.isEmpty {
                ff_set_point(Int32(region.lowerBound))
                rl_insert_text(kept)
            }
            return
        }
        rl_replace_line(filtered, 0)
    }

    private func render() {
        if store.state.phase == .review { return renderReview() }
        guard outcome == nil, let focus = store.state.focus, let field = store.reducer.spec[focus] else { return }
        let progress = store.reducer.progress(in: store.state)
        if field.kind == .confirm, case .confirm(let state)? = store.state.fields[field: focus] {
            let line = Theme.confirmLine(state.value)
            let footer = theme.footer(error: store.state.error, note: note, secure: false, progress: progress, kind: .confirm)
            return emit(renderer.render(.plain(line), cursor: line.utf8.count, placeholder: nil, footer: footer))
        }
        let text = store.state.text(of: focus)
        let point = min(Int(ff_point()), text.utf8.count)
        if field.kind.hasOptions, ff_searching() == 0 {
            let list = choiceList(field)
            let rows = window.rows(field: field, visible: list.visible, highlight: list.highlight, chosen: list.chosen, theme: theme)
            let footer = rows + theme.footer(error: store.state.error, note: note, secure: false, progress: progress, kind: field.kind)
            let placeholder = theme.placeholder(field.placeholder ?? Theme.filterPlaceholder)
            return emit(renderer.render(.plain(text), cursor: point, placeholder: placeholder, footer: footer))
        }
        let masked = store.state.surface == .secure
        if !masked, ff_searching() != 0 { return renderSearch(field: field) }
        let content: FormRenderer.Content = masked ? .masked(count: DisplayWidth.characters(in: text), mask: options.mask) : .plain(text)
        let cursor = masked ? DisplayWidth.characters(in: text.utf8Prefix(point)) : point
        let footer = theme.footer(error: store.state.error, note: note, secure: field.secure, progress: progress)
        emit(renderer.render(content, cursor: cursor, placeholder: field.placeholder.map(theme.placeholder), footer: footer))
    }

    /// A history search (Ctrl-R, M-p) in a plain field: readline's search prompt, then the
    /// search string or the match, drawn where the input goes.
    private func renderSearch(field: FieldSpec) {
        let prompt = String(cString: ff_display_prompt())
        let line = String(cString: ff_line_buffer())
        let point = min(Int(ff_point()), line.utf8.count)
        let footer = theme.footer(error: store.state.error, note: note, secure: field.secure, progress: store.reducer.progress(in: store.state))
        emit(renderer.render(.plain(prompt + line), cursor: prompt.utf8.count + point, placeholder: nil, footer: footer))
    }

    private func handle(_ events: [FlowEvent]) {
        for event in events {
            switch event {
            case .focusMoved(_, let to?): setUp(field: to, first: false)
            case .reviewing: showReview()
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
        histories.load(for: field)
        switch field.kind {
        case .text: rl_set_keymap(field.secure ? keymaps.secure : keymaps.plain)
        case .confirm: rl_set_keymap(keymaps.confirm)
        case .select, .multiSelect: rl_set_keymap(keymaps.choice)
        }
        window.reset()
        settleHighlight(field)
        ff_reset_insert_mode()
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
        if store.state.phase == .review { return drawReview(start) }
        guard outcome == nil, let id = store.state.focus, let field = store.reducer.spec[id] else { return }
        let progress = store.reducer.progress(in: store.state)
        let lines = theme.header(flow: options.spec, field: field, step: progress.step, steps: progress.steps, revealed: store.state.revealed)
        let prompt = field.kind.hasOptions ? Theme.filterPrompt : Theme.prompt
        emit(renderer.begin(header: lines, prompt: prompt, columns: Self.columns(terminal?.fd ?? 2), at: start))
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
    // MARK: - Review (``ReviewScreen``)

    /// The review is shown: its keymap, an empty line, the row of the answer just changed marked.
    private func showReview() {
        rl_set_keymap(keymaps.review)
        rl_replace_line("", 1)
        note = nil
        let answers = ReviewAnswers(reducer: store.reducer, state: store.state, mask: options.mask)
        reviewRow = min(reviewRow, max(answers.rows.count - 1, 0))
        drawForm(.inPlace)
    }

    private func drawReview(_ start: FormRenderer.Start) {
        guard outcome == nil else { return }
        let answers = ReviewAnswers(reducer: store.reducer, state: store.state, mask: options.mask)
        let lines = ReviewScreen.header(flow: options.spec, answers: answers, row: reviewRow, theme: theme)
        emit(renderer.begin(header: lines, prompt: "", columns: Self.columns(terminal?.fd ?? 2), at: start))
        renderReview()
    }

    private func renderReview() {
        guard outcome == nil else { return }
        let footer = ReviewScreen.footer(note: note, error: nil, theme: theme)
        emit(renderer.render(.plain(""), cursor: 0, placeholder: theme.placeholder(ReviewScreen.placeholder), footer: footer))
    }

    /// Up/Down on the review: the marked row moves; the header holds the rows, so it is drawn again.
    func moveReviewRow(by delta: Int) {
        guard store.state.phase == .review else { return }
        let count = ReviewAnswers(reducer: store.reducer, state: store.state, mask: options.mask).rows.count
        reviewRow = ReviewScreen.move(reviewRow, by: delta, count: count)
        note = nil
        drawForm(.inPlace)
    }

    /// Enter on the review: amend the marked answer.
    private func amendReviewRow() {
        let answers = ReviewAnswers(reducer: store.reducer, state: store.state, mask: options.mask)
        guard answers.rows.indices.contains(reviewRow) else { return }
        handle(store.send(.focus(answers.rows[reviewRow].field)))
    }

    /// `s` on the review: validate every answer and finish.
    func submitReview() {
        guard store.state.phase == .review else { return }
        handle(store.send(.submit))
    }

    func refuseInReview() {
        refuse("Press s to submit, or Enter to change the marked answer.")
        render()
    }

    private func resize() {
        drawForm(Self.columns(terminal?.fd ?? 2) == renderer.columns ? .inPlace : .clearedScreen)
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

    /// The width of the terminal the form is drawn on (`fd`), else of stderr's or stdin's.
    private static func columns(_ fd: Int32 = 2) -> Int {
        var size = winsize()
        for fd in [fd, 2, 0] where ioctl(fd, UInt(TIOCGWINSZ), &size) == 0 && size.ws_col > 0 { return Int(size.ws_col) }
        return 80
    }
}
