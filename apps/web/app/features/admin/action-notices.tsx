/**
 * What a back-office screen says after an action posted as an HTML form: done (from `?ok=`),
 * or refused without a field to say it beside (a refusal that names fields says it there).
 */
export function ActionNotices({
  done,
  failure,
}: {
  done: string | null;
  failure: { message: string; fieldErrors?: object } | null;
}) {
  return (
    <>
      {done && !failure && (
        <p role="status" className="rounded-md bg-green-50 p-3 font-medium text-green-900 ring-1 ring-green-200">
          {done}
        </p>
      )}
      {failure && Object.keys(failure.fieldErrors ?? {}).length === 0 && (
        <p role="alert" className="rounded-md bg-red-50 p-3 font-medium text-red-800 ring-1 ring-red-200">
          {failure.message}
        </p>
      )}
    </>
  );
}
