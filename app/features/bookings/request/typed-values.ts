/** What a visitor changed in a server-rendered form before its script ran, by field name. */
export type TypedValues = Record<string, string | string[]>;

/** The honeypot is never carried over, as the draft never keeps it (booking-draft.ts). */
const SKIPPED = new Set(["website"]);

/**
 * The fields whose value differs from the server's HTML: text, a select, the radio button chosen,
 * and the boxes ticked of a group of checkboxes (all of the group's ticked values, as a list).
 */
export function typedValues(form: HTMLFormElement): TypedValues {
  const typed: TypedValues = {};
  const changedBoxes = new Set<string>();
  for (const element of Array.from(form.elements)) {
    if (!(element instanceof HTMLInputElement || element instanceof HTMLTextAreaElement)) {
      if (element instanceof HTMLSelectElement && !SKIPPED.has(element.name)) {
        if (Array.from(element.options).some((o) => o.selected !== o.defaultSelected))
          typed[element.name] = element.value;
      }
      continue;
    }
    const { name } = element;
    if (!name || SKIPPED.has(name)) continue;
    if (element instanceof HTMLInputElement && element.type === "radio") {
      if (element.checked && !element.defaultChecked) typed[name] = element.value;
    } else if (element instanceof HTMLInputElement && element.type === "checkbox") {
      if (element.checked !== element.defaultChecked) changedBoxes.add(name);
    } else if (element.value !== element.defaultValue) {
      typed[name] = element.value;
    }
  }
  for (const name of changedBoxes) {
    const boxes = form.querySelectorAll<HTMLInputElement>(`input[type="checkbox"][name="${CSS.escape(name)}"]`);
    typed[name] = Array.from(boxes)
      .filter((box) => box.checked)
      .map((box) => box.value);
  }
  return typed;
}
