/**
 * `void work()` as a statement leaves a promise running with nobody waiting for it: its failure is
 * handled somewhere else or deliberately dropped, and the next reader needs to know which (#31 item 5).
 * Such a statement says why in a comment on its line or the line(s) just above. Not flagged:
 * `void name` (marks a value as used), `return void …` and `=> void …` (an expression's value thrown
 * away where a callback's result is ignored, as in JSX event handlers).
 */
export const voidSaysWhy = {
  meta: {
    type: 'suggestion',
    docs: { description: 'A `void` statement that leaves a promise running says why in a comment' },
    messages: {
      why: 'Say why nothing waits for this promise (a comment on this line or just above), or await it.',
    },
    schema: [],
  },
  create(context) {
    const source = context.sourceCode;
    return {
      'ExpressionStatement > UnaryExpression[operator="void"]'(node) {
        if (node.argument.type === 'Identifier') return;
        const statement = node.parent;
        const line = statement.loc.start.line;
        const said = source
          .getAllComments()
          .some(
            (comment) => comment.loc.end.line >= line - 1 && comment.loc.start.line <= statement.loc.end.line,
          );
        if (!said) context.report({ node, messageId: 'why' });
      },
    };
  },
};
