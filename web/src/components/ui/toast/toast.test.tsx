import { act, render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';

import { toast } from './use-toast';
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
});
