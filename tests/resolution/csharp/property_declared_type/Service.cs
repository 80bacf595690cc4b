namespace App
{
    public class Service
    {
        private Repo Store { get; } = new Repo();

        void Keep(string item)
        {
            this.Store.Save(item);
        }

        void KeepBare(string item)
        {
            Store.Save(item);
        }
    }
}
