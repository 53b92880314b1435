/** Marks a label as required: a visual asterisk (the control itself carries aria-required). */
export function RequiredMark() {
  return (
    <span aria-hidden="true" className="text-red-700">
      {' '}
      *
    </span>
  );
}
