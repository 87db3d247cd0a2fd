// focusflow-bench: the figures quoted in closing notes. Run with `swift run -c release focusflow-bench`.
do {
    try EngineBench.report()
} catch {
    print("focusflow-bench: \(error)")
}
