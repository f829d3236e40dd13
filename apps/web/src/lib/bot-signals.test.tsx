import { FORM_MIN_FILL_MS } from '@agro/shared';
import { render, renderHook } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Honeypot, useBotSignals } from './bot-signals';

afterEach(() => vi.useRealTimers());

describe('useBotSignals', () => {
  it('holds a submission faster than the form minimum back until it is reached, and sends the same fill time on a retry', async () => {
    const { result } = renderHook(() => useBotSignals('login'));
    const started = performance.now();
    const first = await result.current.take();
    expect(performance.now() - started).toBeGreaterThanOrEqual(FORM_MIN_FILL_MS.login - 50);
    expect(first.fillMs).toBeGreaterThanOrEqual(FORM_MIN_FILL_MS.login);
    expect(first.website).toBeUndefined();
    const again = Date.now();
    expect(await result.current.take()).toEqual(first);
    expect(Date.now() - again).toBeLessThan(100);
  });

  it('sends what a program typed into the honeypot', async () => {
    const { result } = renderHook(() => useBotSignals('login'));
    const { container } = render(<Honeypot inputRef={result.current.trap} />);
    const input = container.querySelector('input[name="website"]') as HTMLInputElement;
    expect(input.tabIndex).toBe(-1);
    expect(input.closest('[aria-hidden="true"]')).not.toBeNull();
    input.value = 'https://bot.example';
    expect((await result.current.take()).website).toBe('https://bot.example');
  });
});
