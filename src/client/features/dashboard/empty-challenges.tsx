import { Link } from "react-router";
import { paths } from "../../../shared/paths.ts";

export function EmptyChallenges() {
  return (
    <div className="card mt-4 text-center">
      <h3 className="text-xl font-bold">No Challenges Found</h3>
      <ol className="mx-auto mt-3 max-w-md list-decimal space-y-1 pl-5 text-left text-muted">
        <li>Accept at least one challenge in your results screen.</li>
        <li>Complete the challenge workflow.</li>
        <li>Set a deadline for each milestone.</li>
      </ol>
      <Link to={paths.quizResults} className="btn-primary mt-6">
        Go to my results
      </Link>
    </div>
  );
}
