/**
 * What the last action said, beside the form that asked: the status region stays on the page,
 * empty until then, so that screen readers announce what is written into it; a refusal is an alert.
 */
export function ResultNotice({ result }: { result: { ok: boolean; message: string } | undefined }) {
  return (
    <>
      <div role="status">
        {result?.ok && (
          <p className="mt-3 rounded-md bg-green-50 p-3 text-sm font-medium text-green-900 ring-1 ring-green-200">
            {result.message}
          </p>
        )}
      </div>
      {result && !result.ok && (
        <p role="alert" className="mt-3 rounded-md bg-red-50 p-3 text-sm font-medium text-red-800 ring-1 ring-red-200">
          {result.message}
        </p>
      )}
    </>
  );
}
