/// What one evaluation has built so far, held to `ExpressionLimits`' totals.
///
/// Each list and each text is bounded by itself, but one formula can build many of them: a list
/// that holds a source's 10,000-item list copied five hundred times over (`[rows + [], rows + [],
/// …]`) fits in 4096 characters and took 120 MB. Every list and text the evaluator builds is
/// charged here; values read from the scope are not, since they exist already.
final class EvaluationBudget {
    private var listItems = 0
    private var textBytes = 0

    /// Charges a list of `count` items that the evaluation built.
    func chargeList(_ count: Int, at span: ExpressionSpan) throws(ExpressionError) {
        listItems += count
        guard listItems <= ExpressionLimits.listItemsBuilt else {
            throw ExpressionError("the formula would build more than \(ExpressionLimits.listItemsBuilt) list items in all", at: span)
        }
    }

    /// Charges a text of `bytes` UTF-8 bytes that the evaluation built.
    func chargeText(_ bytes: Int, at span: ExpressionSpan) throws(ExpressionError) {
        textBytes += bytes
        guard textBytes <= ExpressionLimits.textBytesBuilt else {
            throw ExpressionError("the formula would build more than \(ExpressionLimits.textBytesBuilt) bytes of text in all", at: span)
        }
    }
}
