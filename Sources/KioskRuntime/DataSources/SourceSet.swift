import FoundationEssentials
import Glibc
import KioskConfig
import KioskExpression
import KioskPlatform

/// Runs every source of a config on a Scheduler, and reports each change.
///
/// Each source's value starts as `SourceValue.initial` (null, stale). An attempt that succeeds sets
/// a fresh value with `updated`; one that fails keeps the last value, marks it stale and sets
/// `error`. The log hears each change of state once. Sources start on the scheduler, not inside
/// `init`, so `onChange` set right after `init` hears every value.
public final class SourceSet {
    /// Hears each change of a source's value, stale flag, time or error.
    public var onChange: ((String, SourceValue) -> Void)?

    private struct Entry {
        var spec: SourceSpec
        var source: DataSource?
        var status: SourceStatus
    }

    private let scheduler: any Scheduler
    private let baseDirectory: String
    private let log: (String) -> Void
    private let wallTime: () -> Double
    /// False: no source fetches anything, and values come only from `feed` and `push`.
    public let isLive: Bool
    private var entries: [String: Entry] = [:]
    /// The names in the order the config wrote them.
    public private(set) var names: [String] = []
    private var isStopped = false
    /// One libcurl multi handle for every `http` source, made with the first of them.
    private var httpFetcher: HTTPFetcher?

    /// `baseDirectory` is where relative paths of `file` sources and of programs (`./bin/x`) are
    /// found: the config's directory. `wallTime` gives `updated` (seconds since 1970); on a
    /// virtual clock, pass one that follows it, so that runs give the same values. `live: false`
    /// runs no source (no request, no file read, no program): what scripts and snapshots use, so
    /// that every run shows the same pixels, with values given by `feed`.
    public init(specs: [SourceSpec], scheduler: any Scheduler, baseDirectory: String, log: @escaping (String) -> Void,
                wallTime: @escaping () -> Double = { Date().timeIntervalSince1970 }, live: Bool = true) {
        self.scheduler = scheduler
        isLive = live
        self.baseDirectory = baseDirectory
        self.log = log
        self.wallTime = wallTime
        update(specs: specs)
    }

    /// What the source called `name` exposes now; nil for no such source.
    public func value(of name: String) -> SourceValue? {
        entries[name]?.status.current
    }

    /// Every source's value, by name.
    public var values: [String: SourceValue] {
        entries.mapValues(\.status.current)
    }

    /// The spec of the source called `name`.
    public func spec(of name: String) -> SourceSpec? {
        entries[name]?.spec
    }

    /// A value from another program for a `push` source (`kiosk ctl data`, the control socket).
    public func push(_ name: String, _ value: ExpressionValue) throws(SourcePushError) {
        let entry = try entry(named: name)
        guard entry.spec.kind == .push else { throw .notPushSource(name, kind: entry.spec.kind.name) }
        try feed(name, value)
    }

    /// A value for any source, as if it had just arrived from where the source reads: what a
    /// script's `data:` step uses to try panels with values no real source gives on demand.
    public func feed(_ name: String, _ value: ExpressionValue) throws(SourcePushError) {
        let entry = try entry(named: name)
        guard !PayloadDecoder.exceeds(value, limit: entry.spec.maximumBytes) else {
            throw .tooLarge(name, limit: entry.spec.maximumBytes)
        }
        apply(.value(value), to: name)
    }

    /// The most topics one wildcard `mqtt` source keeps values for: a filter like `#` on a busy
    /// broker would otherwise grow without end.
    public static let maximumMatchedTopics = 1_000

    /// The `mqtt` sources: the MQTT bridge subscribes to their topics and delivers here.
    public var mqttSources: [(name: String, topic: MQTTTopicFilter)] {
        names.compactMap { name in
            guard case .mqtt(let topic, _, _) = entries[name]?.spec.kind else { return nil }
            return (name, topic)
        }
    }

    /// A message on the topic of the `mqtt` source `name`, whose wildcards matched `matched`. A
    /// source without wildcards takes the message's value; one with wildcards keeps the latest
    /// value of each topic, in a record keyed by the levels its wildcards matched
    /// (`plant/+/temp` gives `{kitchen: 21, hall: 19}`, `site/#` keys by the rest of the topic).
    func receive(_ payload: [UInt8], matched: [String], forSource name: String) {
        guard isLive, let entry = entries[name], case .mqtt(let topic, let format, let jsonPath) = entry.spec.kind else { return }
        var outcome = MQTTSourcePayload.outcome(of: payload, format: format, jsonPath: jsonPath,
                                                maximumBytes: entry.spec.maximumBytes)
        if topic.hasWildcards, case .value(let value) = outcome {
            var fields: [String: ExpressionValue] = [:]
            if case .record(let known) = entry.status.current.value { fields = known }
            let key = matched.joined(separator: "/")
            if fields[key] == nil && fields.count >= Self.maximumMatchedTopics {
                outcome = .failure("more than \(Self.maximumMatchedTopics) topics match \(topic); '\(key)' is not kept")
            } else {
                fields[key] = value
                outcome = .value(.record(fields))
            }
        }
        apply(outcome, to: name)
    }

    /// Applies a reloaded config's sources: a source whose spec did not change keeps running with
    /// its value; a changed one starts again from nothing; a removed one stops.
    public func update(specs: [SourceSpec]) {
        guard !isStopped else { return }
        let wanted = Set(specs.map(\.name))
        for name in names where !wanted.contains(name) {
            entries[name]?.source?.stop()
            entries[name] = nil
        }
        for spec in specs {
            if let existing = entries[spec.name], existing.spec == spec { continue }
            entries[spec.name]?.source?.stop()
            let source = makeSource(spec)
            entries[spec.name] = Entry(spec: spec, source: source, status: SourceStatus(name: spec.name))
            onChange?(spec.name, .initial)
            source?.start { [weak self] outcome in self?.apply(outcome, to: spec.name) }
        }
        names = specs.map(\.name)
    }

    /// Stops every source: no timer, watch or program of theirs is left.
    public func stop() {
        isStopped = true
        for entry in entries.values { entry.source?.stop() }
        httpFetcher?.cancelAll()
    }

    private func entry(named name: String) throws(SourcePushError) -> Entry {
        guard let entry = entries[name] else {
            throw .unknownSource(name, suggestion: NameSuggestion.closest(to: name, among: names))
        }
        return entry
    }

    private func apply(_ outcome: SourceOutcome, to name: String) {
        guard var entry = entries[name] else { return }
        let before = entry.status.current
        let line: String?
        switch outcome {
        case .value(let value): line = entry.status.succeed(with: value, at: wallTime())
        case .failure(let error): line = entry.status.fail(error)
        }
        entries[name] = entry
        if let line { log(line) }
        if entry.status.current != before { onChange?(name, entry.status.current) }
    }

    private func fetcher() -> HTTPFetcher {
        if let httpFetcher { return httpFetcher }
        let fetcher = HTTPFetcher(scheduler: scheduler)
        httpFetcher = fetcher
        return fetcher
    }

    private func makeSource(_ spec: SourceSpec) -> DataSource? {
        guard isLive else { return nil }
        switch spec.kind {
        case .push, .mqtt:
            // Values come in: from `data`, or from the MQTT bridge (`receive`).
            return nil
        case .file(let path, let format, let interval):
            return FileSource(path: resolve(path), format: format, interval: interval, maximumBytes: spec.maximumBytes,
                              scheduler: scheduler)
        case .command(let argv, let interval, let timeout, let format):
            var argv = argv
            // `./bin/temperature` is the config's; `sensors` is looked up in PATH.
            if let program = argv.first, program.contains("/") { argv[0] = resolve(program) }
            let (scheduler, maximumBytes, directory) = (scheduler, spec.maximumBytes, baseDirectory)
            return PollingSource(interval: interval, scheduler: scheduler, log: log) { done in
                CommandRun(argv: argv, directory: directory, timeout: timeout, maximumBytes: maximumBytes, format: format,
                           scheduler: scheduler, completion: done)
            }
        case .http(let url, let interval, let timeout, let headers, let format):
            return HTTPSource.make(url: url, interval: interval, timeout: timeout, headers: headers, format: format,
                                   maximumBytes: spec.maximumBytes, fetcher: fetcher(), scheduler: scheduler, log: log)
        }
    }

    private func resolve(_ path: String) -> String {
        path.hasPrefix("/") ? path : URL(fileURLWithPath: baseDirectory).appendingPathComponent(path).path
    }
}
