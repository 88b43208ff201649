import type { MintFlowStep } from './mintFlow.js';

export interface MintStepsProps {
  steps: readonly { step: MintFlowStep; label: string }[];
  /** The step running now; null before the flow starts. */
  current: MintFlowStep | null;
  failed: { step: MintFlowStep; message: string } | null;
  /** The flow finished: every step is done (or skipped). */
  done: boolean;
  /** A step the flow leaves out (the mint flow's image step without a file). */
  skipped?: (step: MintFlowStep) => boolean;
  testId: string;
}

/** The mint flow's steps with their state (waiting, running, done, skipped, failed) and the failure text. */
export function MintSteps({ steps, current, failed, done, skipped = () => false, testId }: MintStepsProps) {
  const order = steps.map((s) => s.step);
  const finished = (step: MintFlowStep) => (skipped(step) ? 'skipped' : 'done');
  const stateOf = (step: MintFlowStep): string => {
    if (done) return finished(step);
    if (failed?.step === step) return 'failed';
    if (current === null) return 'waiting';
    const at = order.indexOf(failed?.step ?? current);
    const i = order.indexOf(step);
    if (i < at) return finished(step);
    return i === at ? 'running' : 'waiting';
  };
  return (
    <ol className="mint-flow__steps" data-testid={testId}>
      {steps.map(({ step, label }) => (
        <li key={step} data-state={stateOf(step)} data-testid={`mint-step-${step}`}>
          <span>{label}</span> <span className="muted">{stateOf(step)}</span>
          {failed?.step === step ? (
            <span className="mt-error-text" role="alert" data-testid="mint-flow-error">
              {' '}
              {failed.message}
            </span>
          ) : null}
        </li>
      ))}
    </ol>
  );
}
