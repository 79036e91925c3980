import { useState } from 'react';

/**
 * A choice the server saves (a controlled radio group), shown in the click's own render: a
 * mutation's state reaches React only a task later, or once earlier writes of its queue are done,
 * and till then the radio would spring back. `save` is told when the write has settled; the saved
 * value (answered, or as it was after a refusal) shows from then on.
 */
export function useChoiceAtOnce<T>(
  saved: T | undefined,
  save: (choice: T, settled: { onSettled: () => void }) => void,
): [shown: T | undefined, choose: (choice: T) => void] {
  const [chosen, setChosen] = useState<T>();
  const choose = (choice: T) => {
    setChosen(choice);
    save(choice, { onSettled: () => setChosen(undefined) });
  };
  return [chosen ?? saved, choose];
}
