import KioskConfig
import KioskExpression
import KioskGraphics

/// A command line split into options (`--name value`, `--flag`) and positional arguments.
public struct Arguments {
    public private(set) var positional: [String] = []
    private var options: [String: String] = [:]
    private var flags: Set<String> = []

    /// `flagNames` are the options that take no value. With `valueNames` given, any other option
    /// is a mistake, reported with the nearest known one.
    public init(_ arguments: [String], flagNames: Set<String> = [], valueNames: Set<String>? = nil) throws {
        var index = 0
        while index < arguments.count {
            let argument = arguments[index]
            if argument == "-h" {
                flags.insert("help")
            } else if argument.hasPrefix("--") {
                var name = String(argument.dropFirst(2))
                let bareName = name.firstIndex(of: "=").map { String(name[..<$0]) } ?? name
                if let valueNames, bareName != "help", !valueNames.contains(bareName), !flagNames.contains(bareName) {
                    let known = (valueNames.union(flagNames).union(["help"])).sorted()
                    let hint = NameSuggestion.closest(to: bareName, among: known).map { "; did you mean --\($0)?" } ?? ""
                    throw UsageError("unknown option --\(bareName)\(hint)")
                }
                if name == "help" {
                    flags.insert(name)
                } else if let equals = name.firstIndex(of: "=") {
                    options[String(name[..<equals])] = String(name[name.index(after: equals)...])
                } else if flagNames.contains(name) {
                    flags.insert(name)
                } else {
                    index += 1
                    guard index < arguments.count else { throw UsageError("option --\(name) needs a value") }
                    options[name] = arguments[index]
                    name = ""
                }
            } else {
                positional.append(argument)
            }
            index += 1
        }
    }

    public func value(_ name: String) -> String? { options[name] }
    public func flag(_ name: String) -> Bool { flags.contains(name) }

    /// Parses `WxH` (e.g. `1280x800`), each side within the range `display.size` accepts.
    public func size(_ name: String) throws -> Size? {
        guard let text = options[name] else { return nil }
        let parts = text.lowercased().split(separator: "x")
        let sides = PropertyLimits.displaySide
        guard parts.count == 2, let width = Double(parts[0]), let height = Double(parts[1]),
              sides.contains(width), sides.contains(height) else {
            throw UsageError("--\(name) wants WIDTHxHEIGHT from \(sides.lowerBound.compact)x\(sides.lowerBound.compact) "
                             + "to \(sides.upperBound.compact)x\(sides.upperBound.compact), like 1280x800; got '\(text)'")
        }
        return Size(width: width, height: height)
    }

    /// Refresh rates a display is made at: panels run from about 24 to a few hundred Hz.
    public static let refreshRates: ClosedRange<Double> = 1...1000

    /// Parses a refresh rate in Hz (e.g. `60` or `74.99`).
    public func refreshRate(_ name: String) throws -> Double? {
        guard let text = options[name] else { return nil }
        guard let rate = Double(text), Self.refreshRates.contains(rate) else {
            throw UsageError("--\(name) wants a rate in Hz from \(Self.refreshRates.lowerBound.compact) to "
                             + "\(Self.refreshRates.upperBound.compact), like 60 or 74.99; got '\(text)'")
        }
        return rate
    }

    public func appearance() throws -> Appearance? {
        guard let text = options["appearance"] else { return nil }
        guard let appearance = Appearance(rawValue: text) else {
            throw UsageError("--appearance wants light or dark; got '\(text)'")
        }
        return appearance
    }
}

/// A mistake on the command line: printed with the usage, exit status 2.
public struct UsageError: Error, CustomStringConvertible {
    public let description: String
    public init(_ description: String) { self.description = description }
}
