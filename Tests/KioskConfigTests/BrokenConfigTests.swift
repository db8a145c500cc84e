import Foundation
import Testing
import KioskConfig

/// One `# expect: LINE:COLUMN fragment` line at the top of a broken config.
struct Expectation: CustomStringConvertible {
    var line: Int
    var column: Int
    var fragment: String

    var description: String { "\(line):\(column) \(fragment)" }

    /// Reads the expectations from the leading comment lines (the rest of the file may be binary).
    static func read(from bytes: [UInt8]) -> [Expectation] {
        var expectations: [Expectation] = []
        for lineBytes in bytes.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false) {
            let line = String(decoding: lineBytes, as: UTF8.self)
            guard line.hasPrefix("# expect: ") else { break }
            let rest = line.dropFirst("# expect: ".count)
            guard let space = rest.firstIndex(of: " ") else { continue }
            let position = rest[..<space].split(separator: ":").compactMap { Int($0) }
            guard position.count == 2 else { continue }
            expectations.append(Expectation(line: position[0], column: position[1],
                                            fragment: String(rest[rest.index(after: space)...])))
        }
        return expectations
    }
}

@Suite struct BrokenConfigTests {
    nonisolated static let files = Corpus.files(in: "Broken")

    @Test func theCorpusIsLargeEnough() {
        #expect(Self.files.count >= 40)
    }

    /// Formulas get a corpus of their own: syntax, names, arity, types, cycles, `if`, `set`, `state`.
    @Test func theExpressionCorpusIsLargeEnough() {
        #expect(Self.files.filter { $0.lastPathComponent.hasPrefix("expr-") }.count >= 40)
    }

    @Test(arguments: files)
    func brokenConfigReportsTheExpectedErrors(_ file: URL) throws {
        let bytes = try [UInt8](Data(contentsOf: file))
        let expectations = Expectation.read(from: bytes)
        try #require(!expectations.isEmpty, "\(file.lastPathComponent) has no '# expect:' line")
        let errors = ConfigLoader().load(path: file.path).errors
        #expect(!errors.isEmpty, "\(file.lastPathComponent) loaded without errors")
        for expectation in expectations {
            let matched = errors.contains { error in
                error.line == expectation.line && error.column == expectation.column
                    && error.description.contains(expectation.fragment)
            }
            #expect(matched, """
                \(file.lastPathComponent): expected \(expectation)
                got:
                \(errors.map(\.description).joined(separator: "\n"))
                """)
        }
        for error in errors {
            #expect(error.file == file.path)
            #expect(error.description.hasPrefix("\(file.path):\(error.line):\(error.column): error: "))
        }
    }
}
