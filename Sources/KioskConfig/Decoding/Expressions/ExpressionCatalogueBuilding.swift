import KioskExpression

nonisolated extension DecodingContext {
    /// Every name a formula of this file may read (see `ExpressionCatalogue.names`), from the
    /// widget ids, state and sources found before the panels.
    func makeCatalogue(insideActions: Bool) -> ExpressionCatalogue {
        ExpressionCatalogue.names(widgets: widgetTypes.lazy.map { (id: $0.key, type: $0.value.type) }, state: stateDeclarations,
                                  sources: sourceNames, registry: registry, insideActions: insideActions)
    }
}
