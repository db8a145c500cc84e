import KioskExpression

/// How one attempt of a source ended.
enum SourceOutcome: Equatable {
    case value(ExpressionValue)
    case failure(String)
}

/// A running source of one kind: it produces outcomes on its scheduler until stopped.
protocol DataSource: AnyObject {
    /// Begins: the first attempt is made on the scheduler (never inside this call), so whoever
    /// starts a source can hook its reports first.
    func start(report: @escaping (SourceOutcome) -> Void)
    /// Stops every timer, watch and attempt in flight; nothing is reported afterwards.
    func stop()
}

/// An attempt in flight (a request, a running program) that can be abandoned.
protocol SourceAttempt: AnyObject {
    func cancel()
}
