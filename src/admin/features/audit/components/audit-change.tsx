import { useTranslation } from 'react-i18next';
import { useWhen } from '../../../api/me';
import type { AuditEntry } from '../api/audit';
import { changeSentences } from '../api/audit-sentences';

/** What an entry changed, a sentence a field ("Changed the price from $3.98 to $3.49"). */
export function AuditChange({ entry }: { entry: AuditEntry }) {
  const { t } = useTranslation();
  const when = useWhen();
  const sentences = changeSentences(entry, { t, when });
  if (sentences.length === 0) return null;
  return (
    <ul className="admin-diff">
      {sentences.map((sentence, index) => (
        // Two fields can read the same (two empty descriptions): the position tells them apart.
        // biome-ignore lint/suspicious/noArrayIndexKey: the list is rebuilt whole from the entry
        <li key={index}>{sentence}</li>
      ))}
    </ul>
  );
}
