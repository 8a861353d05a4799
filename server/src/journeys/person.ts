/** Who goes through a journey: an address, and the subscriber row it entered as (null from a form only). */
export interface Person {
  email: string;
  subscriberId: string | null;
  /** The list the person was added to, for 'exit when removed from the trigger list'. */
  triggerListId: string | null;
}
