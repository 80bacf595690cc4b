namespace App
{
    public class Service
    {
        static Repo Open() { return new Repo(); }

        void Store(string item)
        {
            Open().Save(item);
        }
    }
}
