// Browser actions kept behind functions so tests can replace them.

export function reloadPage(): void {
  window.location.reload();
}
