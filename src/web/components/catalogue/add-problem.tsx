import './product-card.css';

/**
 * Why an add-to-cart was refused (the server's words, e.g. "Only 3 left of …"), shown where the
 * shopper pressed it; the badge has already been put back.
 */
export function AddProblem({ message }: { message?: string }) {
  if (!message) return null;
  return (
    <p className="add-problem" role="alert">
      {message}
    </p>
  );
}
