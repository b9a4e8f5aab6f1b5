/**
 * The servings stepper of the recipe view: minus, the number, plus. The servings chosen are a view
 * setting: the view scales the stored amounts for display and nothing stored changes
 * (docs/BEHAVIOUR.md §4). Without `onChange` (another user's recipe, §6) it only shows the number.
 */
export function ServingsStepper({
  servings,
  onChange,
}: {
  servings: number | undefined;
  onChange?: (delta: 1 | -1) => void;
}) {
  const known = servings !== undefined;
  return (
    <div className="stepper" role="group" aria-label="Servings">
      <button
        type="button"
        className="stepper-button"
        aria-label="Fewer servings"
        disabled={!onChange || !known || servings <= 1}
        onClick={() => onChange?.(-1)}
      >
        −
      </button>
      <span className="stepper-value" aria-live="polite">
        {known ? `${servings} ${servings === 1 ? 'serving' : 'servings'}` : 'Servings: –'}
      </span>
      <button
        type="button"
        className="stepper-button"
        aria-label="More servings"
        disabled={!onChange || !known}
        onClick={() => onChange?.(1)}
      >
        +
      </button>
    </div>
  );
}
