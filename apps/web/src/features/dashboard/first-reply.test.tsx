import type { Dashboard } from '@agro/shared';
import { render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { durationText, FirstReplySection } from './first-reply';

const figures = (answered: number, medianMinutes: number | null, p90Minutes: number | null, within24h: number, counted: number) => ({
  answered,
  medianMinutes,
  p90Minutes,
  within24h,
  counted,
  within24hRate: counted === 0 ? null : within24h / counted,
});

const data = {
  firstReply: { ...figures(8, 150, 1380, 7, 10), lateNow: 2 },
  firstReplyByMonth: [
    { month: '2026-10', ...figures(0, null, null, 0, 0) },
    { month: '2026-11', ...figures(8, 150, 1380, 7, 10) },
  ],
  firstReplyByAssignee: [
    { assignee: { _id: 'a1', fullName: 'Asha Verma' }, ...figures(5, 45, 600, 5, 5), lateNow: 0 },
    { assignee: null, ...figures(3, 600, 1500, 2, 5), lateNow: 2 },
  ],
} as unknown as Dashboard;

describe('the dashboard: first reply', () => {
  it('writes durations as the language does: minutes under an hour, hours above', () => {
    expect(durationText(45)).toBe('45 mins');
    expect(durationText(150)).toBe('2.5 hrs');
    expect(durationText(null)).toBe('-');
  });

  it('shows the median, the 90th percentile, the share within 24 hours and the late leads, per month and per owner', () => {
    render(
      <MemoryRouter>
        <FirstReplySection data={data} />
      </MemoryRouter>,
    );
    const section = screen.getByRole('region', { name: 'First reply to quotes and inquiries' });
    expect(within(section).getByText('Median first reply').nextSibling).toHaveTextContent('2.5 hrs');
    expect(within(section).getByText('Answered within 24 hours').nextSibling).toHaveTextContent('70%');
    expect(within(section).getByText('7 of 10 leads answered or late')).toBeInTheDocument();
    expect(within(section).getAllByText('Late now')[0]!.nextSibling).toHaveTextContent('2');
    expect(within(section).getByRole('link', { name: 'Late quotes' })).toHaveAttribute('href', '/profile?reply=overdue&sort=due');
    expect(within(section).getByRole('link', { name: 'Late inquiries' })).toHaveAttribute('href', '/inquiries?reply=overdue&sort=due');
    const owners = within(section).getByRole('table', { name: 'First reply per owner' });
    const nobody = within(owners).getByRole('rowheader', { name: 'Nobody' }).closest('tr')!;
    expect(
      within(nobody)
        .getAllByRole('cell')
        .map((c) => c.textContent),
    ).toEqual(['3', '10 hrs', '25 hrs', '40%', '2']);
    const months = within(section).getByRole('table', { name: 'First reply per month of arrival' });
    expect(within(months).getAllByRole('row')).toHaveLength(3);
  });
});
