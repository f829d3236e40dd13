import { API, type TeamMember, type TeamResponse } from '@agro/shared';
import { useEffect, useState } from 'react';
import { errorMessage, request } from '@/lib/api';
import { useAppSelector } from '@/store/store';

/** The team list being asked for: the filter bar and an owner form shown at once ask once. */
let asking: Promise<TeamResponse> | undefined;

function askTeam(): Promise<TeamResponse> {
  if (!asking) {
    const answer = request<TeamResponse>('GET', API.team);
    asking = answer;
    const done = () => {
      if (asking === answer) asking = undefined;
    };
    answer.then(done, done);
  }
  return asking;
}

export interface Administrators {
  /** The administrators (the /team screen's list), null until they are known or when they could not be. */
  admins: TeamMember[] | null;
  /** The server's message (English) when the list could not be read. */
  problem: string | null;
  /** The signed-in administrator's id. */
  myId: string;
}

/** The administrators who may own a lead (issue 41): the owner filter's and the owner select's choices. */
export function useAdministrators(fallbackProblem: string): Administrators {
  const me = useAppSelector((s) => s.auth.data);
  const myId = '_id' in me ? String(me._id) : '';
  const [admins, setAdmins] = useState<TeamMember[] | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  useEffect(() => {
    let live = true;
    askTeam().then(
      (r) => live && setAdmins(r.admins),
      (e: unknown) => live && setProblem(errorMessage(e, fallbackProblem)),
    );
    return () => {
      live = false;
    };
  }, [fallbackProblem]);
  return { admins, problem, myId };
}
