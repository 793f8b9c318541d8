import { conclusions } from './types.js';

/**
 * The conclusion and reason an analyst gives when resolving, as two labelled controls. No conclusion is
 * preselected, here or in the bulk form: the analyst picks one (the form cannot be sent without it).
 */
export function ResolutionFields({
  idPrefix,
  conclusion,
  onConclusion,
  reason,
  onReason,
}: {
  idPrefix: string;
  conclusion: string;
  onConclusion: (value: string) => void;
  reason: string;
  onReason: (value: string) => void;
}) {
  return (
    <>
      <div className="field">
        <label htmlFor={`${idPrefix}-conclusion`}>Conclusion</label>
        <select
          id={`${idPrefix}-conclusion`}
          value={conclusion}
          onChange={(event) => onConclusion(event.target.value)}
          required
        >
          <option value="" disabled>
            Choose…
          </option>
          {conclusions.map((name) => (
            <option key={name} value={name}>
              {name.replace('_', ' ')}
            </option>
          ))}
        </select>
      </div>
      <div className="field">
        <label htmlFor={`${idPrefix}-reason`}>Reason</label>
        <input
          id={`${idPrefix}-reason`}
          value={reason}
          onChange={(event) => onReason(event.target.value)}
          required
        />
      </div>
    </>
  );
}
