/// What `kiosk check FILE` prints and the status it exits with.
nonisolated public struct ConfigChecker: Sendable {
    public struct Report: Equatable, Sendable {
        /// Compiler-style lines, one per mistake, then a summary line.
        public var output: String
        /// 0 when the config is valid, 1 when it has errors.
        public var exitStatus: Int32
        public var errors: [ConfigError]
    }

    public var loader: ConfigLoader

    public init(registry: ComponentRegistry = .standard) {
        loader = ConfigLoader(registry: registry)
    }

    public func check(path: String) -> Report {
        report(for: loader.load(path: path), file: path)
    }

    public func check(text: String, file: String) -> Report {
        report(for: loader.load(text: text, file: file), file: file)
    }

    private func report(for result: Result<KioskConfigSpec, ConfigErrors>, file: String) -> Report {
        switch result {
        case .success(let spec):
            let widgets = spec.panels.reduce(0) { $0 + count($1.root) }
            let warnings = spec.warnings.map { $0.description + "\n" }.joined()
            let warned = spec.warnings.isEmpty ? "" : ", \(spec.warnings.count) warning\(spec.warnings.count == 1 ? "" : "s")"
            let summary = "\(file): OK (\(spec.panels.count) panel\(spec.panels.count == 1 ? "" : "s"), "
                + "\(widgets) widget\(widgets == 1 ? "" : "s"), start '\(spec.start)'\(warned))\n"
            return Report(output: warnings + summary, exitStatus: 0, errors: [])
        case .failure(let failure):
            let count = failure.errors.count
            let output = failure.errors.map(\.description).joined(separator: "\n")
                + "\n\(file): \(count) error\(count == 1 ? "" : "s")\n"
            return Report(output: output, exitStatus: 1, errors: failure.errors)
        }
    }

    private func count(_ widget: WidgetSpec) -> Int {
        1 + widget.children.reduce(0) { $0 + count($1) }
    }
}
