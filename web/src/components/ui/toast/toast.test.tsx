import { act, render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';

import { dismissToast, toast, toastAfter } from './use-toast';
import { Toaster } from './toaster';

describe('toast', () => {
  it('shows title and description, one toast at a time', () => {
    render(<Toaster />);
    act(() => {
      toast({ title: 'First', description: 'one' });
      toast({ title: 'Second', description: 'two', variant: 'destructive' });
    });

    expect(screen.queryByText('First')).not.toBeInTheDocument();
    expect(screen.getByText('Second')).toBeInTheDocument();
    expect(screen.getByText('two')).toBeInTheDocument();
    expect(screen.getAllByTestId('toast')).toHaveLength(1);
    expect(screen.getByTestId('toast')).toHaveAttribute('data-variant', 'destructive');
  });

  it('labels the toast area with the F8 hotkey', () => {
    render(<Toaster />);
    expect(screen.getByRole('region')).toHaveAttribute('aria-label', 'Notifications (F8)');
  });

  it('shows a toast queued after another once that one closes, and at once after a closed one', () => {
    render(<Toaster />);
    let first = '';
    act(() => {
      first = toast({ title: 'First' });
      toastAfter(first, { title: 'Next', description: 'then this' });
    });
    expect(screen.getByText('First')).toBeInTheDocument();
    expect(screen.queryByText('Next')).not.toBeInTheDocument();

    act(() => dismissToast(first));
    expect(screen.getByText('Next')).toBeInTheDocument();
    expect(screen.getByText('then this')).toBeInTheDocument();

    act(() => toastAfter(first, { title: 'Late' }));
    expect(screen.getByText('Late')).toBeInTheDocument();
  });
});
