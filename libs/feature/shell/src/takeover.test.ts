import { describe, expect, it, vi } from 'vitest';
import { carryFrom, carryInto, followPrerendered } from './takeover';

function prerendered(): HTMLElement {
  document.body.innerHTML =
    '<div id="root" data-prerendered="/login"><form method="post"><input name="email" type="email">' +
    '<input name="password" type="password"><input name="remember" type="checkbox"><button type="submit">Sign in</button></form></div>';
  return document.getElementById('root')!;
}

describe('taking over a pre-rendered page', () => {
  it('reads what the visitor typed, where they were and whether they pressed submit', () => {
    const root = prerendered();
    (root.querySelector('[name=email]') as HTMLInputElement).value = 'ada@example.com';
    const password = root.querySelector('[name=password]') as HTMLInputElement;
    password.value = 'secret';
    password.focus();
    root.setAttribute('data-submit', '');
    expect(carryFrom(root)).toEqual({
      values: [
        ['email', 'ada@example.com'],
        ['password', 'secret'],
      ],
      focused: 'password',
      submitted: true,
    });
  });

  it('puts it back on the live form through input events, focuses and submits once', () => {
    const root = prerendered();
    const carried = { values: [['email', 'ada@example.com'] as [string, string]], focused: 'email', submitted: true };
    // The live page replaced the markup: fresh, empty fields.
    root.innerHTML = '<form><input name="email" type="email"><input name="password" type="password"></form>';
    const form = root.querySelector('form')!;
    const seen: string[] = [];
    root.querySelector('[name=email]')!.addEventListener('input', (e) => seen.push((e.target as HTMLInputElement).value));
    const submit = vi.fn((e: Event) => e.preventDefault());
    form.addEventListener('submit', submit);
    carryInto(root, carried);
    expect(seen).toEqual(['ada@example.com']);
    expect(document.activeElement?.getAttribute('name')).toBe('email');
    expect(submit).toHaveBeenCalledTimes(1);
    expect(root.hasAttribute('data-prerendered')).toBe(false);
  });

  it('never overwrites what the live page already holds and does nothing when nothing happened', () => {
    const root = prerendered();
    root.innerHTML = '<form><input name="email" value="kept@example.com"></form>';
    const submit = vi.fn((e: Event) => e.preventDefault());
    root.querySelector('form')!.addEventListener('submit', submit);
    carryInto(root, { values: [['email', 'typed@example.com']], focused: null, submitted: false });
    expect((root.querySelector('[name=email]') as HTMLInputElement).value).toBe('kept@example.com');
    expect(submit).not.toHaveBeenCalled();
  });
});

describe('following the pre-rendered page until the commit', () => {
  it('keeps what was there before and what was typed and focused since, and stops when asked', () => {
    const root = prerendered();
    (root.querySelector('[name=email]') as HTMLInputElement).value = 'before@example.com';
    const follow = followPrerendered(root);
    const password = root.querySelector('[name=password]') as HTMLInputElement;
    password.value = 'typed-later';
    password.dispatchEvent(new Event('input', { bubbles: true }));
    password.dispatchEvent(new FocusEvent('focusin', { bubbles: true }));
    root.setAttribute('data-submit', '');
    expect(follow.carried()).toEqual({
      values: [
        ['email', 'before@example.com'],
        ['password', 'typed-later'],
      ],
      focused: 'password',
      submitted: true,
    });
    follow.stop();
    password.value = 'after-stop';
    password.dispatchEvent(new Event('input', { bubbles: true }));
    expect(follow.carried().values).toContainEqual(['password', 'typed-later']);
  });
});
