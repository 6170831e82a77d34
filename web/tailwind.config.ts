// Tailwind theme: slate surfaces with an indigo accent, Inter-like system font stack.
import type { Config } from 'tailwindcss';

export default {
  content: ['./index.html', './src/**/*.{ts,tsx}'],
  theme: {
    container: {
      center: true,
      padding: { DEFAULT: '1rem', sm: '1.5rem', lg: '2rem' },
      screens: { '2xl': '1280px' },
    },
    extend: {
      fontFamily: {
        sans: [
          'Inter',
          'ui-sans-serif',
          'system-ui',
          '-apple-system',
          'Segoe UI',
          'Roboto',
          'Helvetica Neue',
          'Arial',
          'sans-serif',
        ],
      },
      keyframes: {
        'toast-in': {
          from: { transform: 'translateX(calc(100% + 1.5rem))' },
          to: { transform: 'translateX(0)' },
        },
        'toast-out': {
          from: { opacity: '1' },
          to: { opacity: '0' },
        },
        'toast-swipe-out': {
          from: { transform: 'translateX(var(--radix-toast-swipe-end-x))' },
          to: { transform: 'translateX(calc(100% + 1.5rem))' },
        },
      },
      animation: {
        'toast-in': 'toast-in 200ms cubic-bezier(0.16, 1, 0.3, 1)',
        'toast-out': 'toast-out 150ms ease-in',
        'toast-swipe-out': 'toast-swipe-out 120ms ease-out',
      },
    },
  },
  plugins: [],
} satisfies Config;
