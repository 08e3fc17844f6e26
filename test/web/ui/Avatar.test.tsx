import { screen } from '@testing-library/react';
import { Avatar } from '../../../src/web/ui/Avatar';
import { renderWithProviders } from '../../support/render';

describe('Avatar', () => {
  it('is an image named by its alt text: a photo, the initials or the deleted-user silhouette', () => {
    renderWithProviders(
      <>
        <Avatar src="/p.jpg" name="Anna Bērziņa" alt="Anna B." />
        <Avatar name="Jānis Ozols" alt="Jānis O." />
        <Avatar deleted alt="Deleted user" />
      </>,
    );
    expect(
      screen
        .getAllByRole('img')
        .map((img) => img.getAttribute('aria-label') ?? img.getAttribute('alt')),
    ).toEqual(['Anna B.', 'Jānis O.', 'Deleted user']);
  });

  it('with an empty alt (the name is written beside it) is hidden from assistive technology', () => {
    const { container } = renderWithProviders(
      <>
        <Avatar name="Jānis Ozols" alt="" />
        <Avatar deleted alt="" />
      </>,
    );
    // No unnamed role="img" (axe: role-img-alt); the initials stay visible on screen.
    expect(screen.queryAllByRole('img')).toHaveLength(0);
    expect(container.querySelectorAll('[aria-hidden="true"]').length).toBeGreaterThanOrEqual(2);
    expect(container).toHaveTextContent('JO');
  });
});
