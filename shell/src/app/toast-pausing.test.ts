import { afterEach, describe, expect, it, vi } from 'vitest';
import { startToastPausing } from './toast-pausing.ts';

let hidden = false;
Object.defineProperty(document, 'hidden', { configurable: true, get: () => hidden });

const el = (id: string) => document.getElementById(id) as HTMLButtonElement;

function setUp() {
  document.body.innerHTML = '<button id="page">Page</button><section class="Toastify"><div><button id="close">close</button></div></section>';
  const clock = { pause: vi.fn<() => void>(), play: vi.fn<() => void>() };
  const stop = startToastPausing(document, clock);
  return { clock, stop };
}

let stopLast: (() => void) | undefined;
afterEach(() => {
  stopLast?.();
  hidden = false;
  document.body.innerHTML = '';
});

describe('toast pausing', () => {
  it('pauses the toasts while focus is inside them and lets them run when it leaves', () => {
    const { clock, stop } = setUp();
    stopLast = stop;
    el('page').focus();
    expect(clock.pause).not.toHaveBeenCalled();
    el('close').focus();
    expect(clock.pause).toHaveBeenCalledTimes(1);
    el('page').focus();
    expect(clock.play).toHaveBeenCalledTimes(1);
    el('close').focus();
    el('close').blur();
    expect(clock.play).toHaveBeenCalledTimes(2);
  });

  it('pauses them while the page is hidden', () => {
    const { clock, stop } = setUp();
    stopLast = stop;
    hidden = true;
    document.dispatchEvent(new Event('visibilitychange'));
    expect(clock.pause).toHaveBeenCalledTimes(1);
    hidden = false;
    document.dispatchEvent(new Event('visibilitychange'));
    expect(clock.play).toHaveBeenCalledTimes(1);
  });

  it('keeps them paused while either reason holds', () => {
    const { clock, stop } = setUp();
    stopLast = stop;
    el('close').focus();
    hidden = true;
    document.dispatchEvent(new Event('visibilitychange'));
    hidden = false;
    document.dispatchEvent(new Event('visibilitychange'));
    expect(clock.play).not.toHaveBeenCalled();
    el('page').focus();
    expect(clock.play).toHaveBeenCalledTimes(1);
    expect(clock.pause).toHaveBeenCalledTimes(1);
  });

  it('keeps them paused when the pointer leaves a toast while focus is still in one', () => {
    const { clock, stop } = setUp();
    stopLast = stop;
    const leave = () => el('close').dispatchEvent(new MouseEvent('mouseout', { bubbles: true, relatedTarget: el('page') }));
    leave();
    expect(clock.pause).not.toHaveBeenCalled();
    el('close').focus();
    leave();
    expect(clock.pause).toHaveBeenCalledTimes(2);
    expect(clock.play).not.toHaveBeenCalled();
  });

  it('stops listening when stopped', () => {
    const { clock, stop } = setUp();
    stop();
    el('close').focus();
    expect(clock.pause).not.toHaveBeenCalled();
  });
});
