/**
 * Taking over a pre-rendered first page (tools/vite-prerender.ts). The HTML of a sign-in page arrives already
 * rendered, so a visitor may type, focus a field or press "Sign in" before the portal's JavaScript has run. The
 * portal renders over that markup in one synchronous commit; what the visitor did is carried over to the live form:
 * the fields' values, the focused field and a submit they asked for (which the inline guard in the page held back,
 * so a form without JavaScript never sends a password in an address).
 */
export interface Carried {
  values: [name: string, value: string][];
  focused: string | null;
  submitted: boolean;
}

type Field = HTMLInputElement | HTMLTextAreaElement;

function fields(root: HTMLElement): Field[] {
  return [...root.querySelectorAll<Field>('input[name], textarea[name]')].filter(
    (f) => !(f instanceof HTMLInputElement) || !['checkbox', 'radio', 'hidden', 'file', 'submit'].includes(f.type),
  );
}

/** What the visitor did on the pre-rendered markup, read just before the portal renders over it. */
export function carryFrom(root: HTMLElement): Carried {
  const active = document.activeElement;
  return {
    values: fields(root)
      .filter((f) => f.value !== '')
      .map((f) => [f.name, f.value]),
    focused: active instanceof HTMLElement && root.contains(active) ? (active.getAttribute('name') ?? null) : null,
    submitted: root.hasAttribute('data-submit'),
  };
}

/** Put what the visitor did back on the live page: values through the input event the form listens to, focus, submit. */
export function carryInto(root: HTMLElement, carried: Carried): void {
  root.removeAttribute('data-prerendered');
  root.removeAttribute('data-submit');
  const live = fields(root);
  let form: HTMLFormElement | null = null;
  for (const [name, value] of carried.values) {
    const f = live.find((x) => x.name === name);
    if (!f || f.value !== '') continue;
    const proto = f instanceof HTMLTextAreaElement ? HTMLTextAreaElement.prototype : HTMLInputElement.prototype;
    Object.getOwnPropertyDescriptor(proto, 'value')?.set?.call(f, value);
    f.dispatchEvent(new Event('input', { bubbles: true }));
    form ??= f.form;
  }
  if (carried.focused) {
    const f = live.find((x) => x.name === carried.focused);
    if (f) {
      f.focus();
      const end = f.value.length;
      if (f.type !== 'email') f.setSelectionRange?.(end, end);
    }
  }
  if (carried.submitted) (form ?? root.querySelector('form'))?.requestSubmit();
}

/**
 * Follow what the visitor does on the pre-rendered markup from now until the portal's commit replaces it: the state
 * read now (what they did before the script ran), then every value typed and field focused since. `carried()` is read
 * in the commit, when the markup is already gone.
 */
export function followPrerendered(root: HTMLElement): { carried: () => Carried; stop: () => void } {
  const start = carryFrom(root);
  const values = new Map(start.values);
  let focused = start.focused;
  const onInput = (e: Event) => {
    const t = e.target;
    if ((t instanceof HTMLInputElement || t instanceof HTMLTextAreaElement) && t.name) values.set(t.name, t.value);
  };
  const onFocus = (e: Event) => {
    const t = e.target;
    if (t instanceof HTMLElement) focused = t.getAttribute('name');
  };
  root.addEventListener('input', onInput, true);
  root.addEventListener('focusin', onFocus, true);
  return {
    carried: () => ({
      values: [...values].filter(([, v]) => v !== ''),
      focused,
      submitted: root.hasAttribute('data-submit'),
    }),
    stop: () => {
      root.removeEventListener('input', onInput, true);
      root.removeEventListener('focusin', onFocus, true);
    },
  };
}
