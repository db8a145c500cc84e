import KioskConfig
import KioskGraphics
import KioskUI
import Testing

/// Identity across reconciles: by id, else by type and position among siblings of that type.
@MainActor
struct PanelReconcilerTests {
    let reconciler = Reconciler(resolver: TextResolver(strings: StringTables(), locale: "en"))

    func label(_ text: String, id: String? = nil) -> WidgetSpec {
        WidgetSpec(type: "label", id: id, properties: ["text": .text(.literal(text))])
    }

    func stack(_ children: [WidgetSpec]) -> WidgetSpec {
        WidgetSpec(type: "stack", properties: ["axis": .choice("vertical")], children: children)
    }

    @Test func sameIdentityKeepsTheViewObject() {
        let node = reconciler.make(stack([label("a", id: "first"), label("b")]))
        let first = node.children[0].view, second = node.children[1].view
        let updated = reconciler.reconcile(node, with: stack([label("A", id: "first"), label("B")]))
        #expect(updated === node)
        #expect(node.children[0].view === first && node.children[1].view === second)
        #expect((second as? Label)?.text == "B")
    }

    @Test func insertingBeforeKeepsLaterWidgetsOfAnotherType() {
        let progress = WidgetSpec(type: "progress", properties: ["value": .number(0.5)])
        let node = reconciler.make(stack([progress]))
        let ring = node.children[0].view
        reconciler.reconcile(node, with: stack([label("new"), progress]))
        #expect(node.children.count == 2)
        #expect(node.children[1].view === ring, "the ring is still the first progress of its parent")
        #expect(node.view.subviews.map(ObjectIdentifier.init) == node.children.map { ObjectIdentifier($0.view) })
    }

    @Test func goneWidgetsAreDismantledAndNewOnesMade() {
        let node = reconciler.make(stack([label("a", id: "a"), label("b", id: "b")]))
        let removed = node.children[0].view
        reconciler.reconcile(node, with: stack([label("b", id: "b"), label("c", id: "c")]))
        #expect(removed.superview == nil)
        #expect(node.children.map(\.id) == ["b", "c"])
        #expect(node.view.subviews.count == 2)
    }

    @Test func aChangedTypeOrIdMakesANewWidget() {
        let node = reconciler.make(stack([label("a", id: "x")]))
        let old = node.children[0].view
        reconciler.reconcile(node, with: stack([WidgetSpec(type: "progress", id: "x")]))
        #expect(node.children[0].view !== old)
        #expect(node.children[0].view is ProgressView)
    }

    @Test func setActionValuesSurviveReloadsThatLeaveThePropertyAlone() {
        let spec = stack([label("Ready", id: "status"), WidgetSpec(type: "progress", id: "ring", properties: ["value": .number(0.1)])])
        let node = reconciler.make(spec)
        let ring = node.node(withID: "ring")!
        reconciler.set("value", to: .number(0.9), on: ring)
        var edited = spec
        edited.children[0] = label("Busy", id: "status")
        reconciler.reconcile(node, with: edited)
        #expect((ring.view as? ProgressView)?.value == 0.9)
        #expect(ring.value(of: "value") == .number(0.9))
        #expect((node.node(withID: "status")?.view as? Label)?.text == "Busy")
        // When the config changes that property, the config wins.
        edited.children[1].properties["value"] = .number(0.3)
        reconciler.reconcile(node, with: edited)
        #expect((ring.view as? ProgressView)?.value == 0.3)
    }

    @Test func eventsReachTheHandlerWithTheCurrentNode() {
        struct TappableAdapter: ComponentAdapter {
            let type = "label"
            func make(_ widget: WidgetSpec, context: AdapterContext) -> View {
                let view = Label()
                context.events.send("tap", value: .string("made"))
                return view
            }
            func update(_ view: View, changes: PropertyChanges, context: AdapterContext) {}
        }
        var table = AdapterTable.standard
        table.register(TappableAdapter())
        let reconciler = Reconciler(adapters: table, resolver: TextResolver(strings: StringTables(), locale: "en"))
        var received: [(String?, String, PropertyValue?)] = []
        reconciler.onEvent = { node, event, value in received.append((node.id, event, value)) }
        _ = reconciler.make(label("x", id: "pay"))
        #expect(received.count == 1)
        #expect(received.first?.0 == "pay" && received.first?.1 == "tap" && received.first?.2 == .string("made"))
    }
}
