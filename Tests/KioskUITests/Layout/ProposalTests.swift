import KioskGraphics
import KioskUI
import Testing

/// A view with a fixed ideal size that stretches between a minimum and a maximum, for probing
/// what stacks propose.
final class ElasticView: View {
    let minimum: Size, ideal: Size, maximum: Size
    var proposals: [ProposedSize] = []

    init(minimum: Size, ideal: Size, maximum: Size) {
        self.minimum = minimum
        self.ideal = ideal
        self.maximum = maximum
        super.init()
    }

    override func sizeThatFits(_ proposal: ProposedSize) -> Size {
        proposals.append(proposal)
        func pick(_ offered: Double?, _ low: Double, _ mid: Double, _ high: Double) -> Double {
            guard let offered else { return mid }
            return min(max(offered, low), high)
        }
        return Size(width: pick(proposal.width, minimum.width, ideal.width, maximum.width),
                    height: pick(proposal.height, minimum.height, ideal.height, maximum.height))
    }
}

struct ProposalTests {
    // MARK: Spacer

    @Test func spacerInAStack() {
        let spacer = SpacerView(minLength: 10)
        let stack = StackView(axis: .horizontal, spacing: 0, [spacer])
        _ = stack
        #expect(spacer.measure(ProposedSize(width: nil, height: nil)) == Size(width: 10, height: 0))
        #expect(spacer.measure(ProposedSize(width: 0, height: 0)) == Size(width: 10, height: 0))
        #expect(spacer.measure(ProposedSize(width: .infinity, height: 50)).width == .infinity)
        #expect(spacer.measure(ProposedSize(width: 300, height: 50)) == Size(width: 300, height: 0))
    }

    // MARK: Padding and frames

    @Test func paddingShrinksTheProposalAndGrowsTheAnswer() {
        let view = ElasticView(minimum: Size(width: 10, height: 10), ideal: Size(width: 50, height: 20),
                               maximum: Size(width: 500, height: 500))
        view.padding = EdgeInsets(top: 1, left: 2, bottom: 3, right: 4)
        #expect(view.measure(.unspecified) == Size(width: 56, height: 24))
        #expect(view.measure(ProposedSize(width: 100, height: 100)) == Size(width: 100, height: 100))
        #expect(view.proposals.last == ProposedSize(width: 94, height: 96))
        #expect(view.measure(.zero) == Size(width: 16, height: 14))
    }

    @Test func fixedMinimumAndMaximumFrames() {
        let view = ElasticView(minimum: .zero, ideal: Size(width: 50, height: 20), maximum: Size(width: 1000, height: 1000))
        view.fixedSize = SizeConstraint(width: 80)
        #expect(view.measure(.unspecified) == Size(width: 80, height: 20))
        #expect(view.proposals.last?.width == 80)
        view.fixedSize = .none
        view.maxSize = SizeConstraint(width: 120)
        #expect(view.measure(.infinity).width == 120)
        view.minSize = SizeConstraint(height: 40)
        #expect(view.measure(.zero).height == 40)
        #expect(view.measure(.unspecified) == Size(width: 50, height: 40))
    }

    // MARK: Stacks

    @Test func stackIdealSizeSumsIdealChildren() {
        let a = ElasticView(minimum: .zero, ideal: Size(width: 40, height: 10), maximum: Size(width: 400, height: 100))
        let b = ElasticView(minimum: .zero, ideal: Size(width: 60, height: 30), maximum: Size(width: 400, height: 100))
        let stack = StackView(axis: .horizontal, spacing: 10, [a, b])
        #expect(stack.measure(.unspecified) == Size(width: 110, height: 30))
        #expect(stack.measure(.zero) == Size(width: 10, height: 0))
        #expect(stack.measure(.infinity) == Size(width: 810, height: 100))
    }

    @Test func stackOffersSpaceToTheLeastFlexibleFirst() {
        let rigid = ElasticView(minimum: Size(width: 50, height: 10), ideal: Size(width: 50, height: 10),
                                maximum: Size(width: 50, height: 10))
        let spacer = SpacerView()
        let stack = StackView(axis: .horizontal, spacing: 0, [rigid, spacer])
        stack.frame = Rect(x: 0, y: 0, width: 300, height: 40)
        stack.layoutIfNeeded()
        #expect(rigid.frame == Rect(x: 0, y: 15, width: 50, height: 10))
        #expect(spacer.frame.width == 250)
    }

    @Test func equalDistribution() {
        let children = (0..<3).map { _ in ElasticView(minimum: .zero, ideal: Size(width: 10, height: 10), maximum: Size(width: 999, height: 10)) }
        let stack = StackView(axis: .horizontal, spacing: 10, children)
        stack.distribution = .equal
        stack.frame = Rect(x: 0, y: 0, width: 320, height: 10)
        stack.layoutIfNeeded()
        #expect(children.map(\.frame.width) == [100, 100, 100])
        #expect(children.map(\.frame.minX) == [0, 110, 220])
    }

    @Test func verticalStackAlignsAcrossItsAxis() {
        let child = ElasticView(minimum: .zero, ideal: Size(width: 40, height: 10), maximum: Size(width: 40, height: 10))
        let stack = StackView(axis: .vertical, spacing: 0, alignment: .trailing, [child])
        stack.frame = Rect(x: 0, y: 0, width: 200, height: 100)
        stack.layoutIfNeeded()
        #expect(child.frame == Rect(x: 160, y: 0, width: 40, height: 10))
    }

    // MARK: Labels that wrap

    @Test func labelProposals() {
        let label = Label("A label long enough to wrap onto several lines", style: .body)
        let ideal = label.measure(.unspecified)
        let minimum = label.measure(ProposedSize(width: 0, height: nil))
        let maximum = label.measure(ProposedSize(width: .infinity, height: nil))
        let fitted = label.measure(ProposedSize(width: 150, height: nil))
        #expect(maximum == ideal)                        // text never grows past its natural width
        #expect(minimum.width == 0)                      // never wider than offered: words overflow
        #expect(minimum.height > ideal.height * 3)       // one word a line
        #expect(fitted.width <= 150)
        #expect(fitted.height > ideal.height)            // wrapped
        #expect(fitted.height < minimum.height)
    }

    @Test func labelWithALineLimitStopsGrowing() {
        let label = Label(String(repeating: "wrap ", count: 40), style: .body)
        label.numberOfLines = 2
        let twoLines = label.measure(ProposedSize(width: 100, height: nil))
        let single = Label("wrap", style: .body).measure(.unspecified)
        #expect(abs(twoLines.height - single.height * 2) <= 2)
    }
}
